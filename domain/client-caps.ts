/**
 * How much one client may hold, and what it is told past that (docs/booking.md, "Limits";
 * docs/events.md). Each is a rate limit: RATE_LIMIT=off turns it off.
 */
export const clientCaps = Object.freeze({
  /** Upcoming calls booked from one client address (an IPv6 one by its /64). */
  callsPerAddress: 3,
  /** Upcoming calls for one e-mail address. */
  callsPerEmail: 1,
  /** Seats of one event taken from one client address, across its registrations. */
  seatsPerAddress: 10,
});

export const clientCapTexts = Object.freeze({
  callForEmail:
    "You already have a call booked with us. Use the link in its confirmation e-mail to move or cancel it.",
  callsForAddress:
    "You've booked as many calls as we can hold for one person. Please write to us instead, and we'll find a time together.",
  seatsForAddress: (most: number) =>
    `You've reserved the most seats one person can for this event (${most}). Write to us if you need more.`,
});
