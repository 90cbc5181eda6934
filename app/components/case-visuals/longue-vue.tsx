/**
 * Longue Vue's site as we built it: the availability calendar (June 2027, Saturdays mostly
 * booked, the 26th open and chosen) on the desktop, the tour booking on the phone.
 */
import { alwaysInk, Bar, Text } from "./frames.tsx";

type Day = "open" | "held" | "booked" | "chosen";

// Events run Friday to Sunday; the other days are not for hire.
const june2027: Readonly<Record<number, Day>> = {
  4: "open",
  5: "booked",
  6: "open",
  11: "held",
  12: "booked",
  13: "booked",
  18: "booked",
  19: "booked",
  20: "held",
  25: "open",
  26: "chosen",
  27: "open",
};

const cellStyle: Record<Day | "closed", { cell: string; number: string }> = {
  closed: { cell: "fill-paper stroke-line", number: "fill-muted-light" },
  open: { cell: "fill-paper stroke-line", number: "fill-ink" },
  held: { cell: "fill-paper-dim stroke-line", number: "fill-muted" },
  booked: { cell: "fill-ink stroke-ink", number: "fill-paper" },
  chosen: { cell: "fill-accent stroke-ink", number: alwaysInk },
};

function Marker({ day, x, y }: { day: Day; x: number; y: number }) {
  if (day === "open") return <circle cx={x + 3} cy={y} r={3} className="fill-accent" />;
  if (day === "held")
    return <circle cx={x + 3} cy={y} r={2.5} className="fill-none stroke-muted" />;
  if (day === "booked")
    return <rect x={x} y={y - 2} width={18} height={4} rx={2} className="fill-paper/35" />;
  return null;
}

function Calendar() {
  const [x0, y0, pitchX, pitchY] = [24, 166, 54, 46];
  return (
    <g>
      <Text x={24} y={140} size={12} weight={700}>
        June 2027
      </Text>
      {[364, 390].map((cx, i) => (
        <g key={cx}>
          <circle cx={cx} cy={136} r={9} className="fill-paper stroke-line" />
          <path
            d={i ? `M${cx - 2} 132l4 4-4 4` : `M${cx + 2} 132l-4 4 4 4`}
            className="fill-none stroke-ink"
          />
        </g>
      ))}
      {["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((d, col) => (
        <Text
          key={d}
          x={x0 + col * pitchX + 25}
          y={158}
          size={8.5}
          anchor="middle"
          className="fill-muted"
        >
          {d[0]}
        </Text>
      ))}
      {Array.from({ length: 30 }, (_, i) => {
        const date = i + 1;
        // 1 June 2027 is a Tuesday: with Monday first, a date's cell index is the date itself.
        const [row, col] = [Math.floor(date / 7), date % 7];
        const [x, y] = [x0 + col * pitchX, y0 + row * pitchY];
        const day = june2027[date];
        const style = cellStyle[day ?? "closed"];
        return (
          <g key={date} data-day={day}>
            <rect x={x} y={y} width={50} height={42} rx={4} className={style.cell} />
            <Text x={x + 8} y={y + 15} size={10} weight={day ? 700 : 400} className={style.number}>
              {date}
            </Text>
            {day ? <Marker day={day} x={x + 8} y={y + 30} /> : null}
          </g>
        );
      })}
    </g>
  );
}

function Desktop() {
  return (
    <>
      <Text x={24} y={32} size={13} weight={700} spacing={3}>
        LONGUE VUE
      </Text>
      {["Weddings", "Gallery", "Pricing", "Visit"].map((item, i) => (
        <Text key={item} x={262 + i * 64} y={32} size={10} className="fill-muted">
          {item}
        </Text>
      ))}
      <rect x={560} y={15} width={96} height={26} rx={4} className="fill-accent" />
      <Text x={608} y={32} size={10} weight={700} anchor="middle" className={alwaysInk}>
        Book a tour
      </Text>
      <path d="M0 54h680" className="stroke-line" />
      <Text x={24} y={84} size={8.5} weight={700} spacing={1.4} className="fill-accent-strong">
        AVAILABILITY
      </Text>
      <Text x={24} y={108} size={20} weight={700} spacing={-0.4}>
        Is your date free?
      </Text>
      <Calendar />
      <rect x={424} y={72} width={232} height={172} rx={8} className="fill-paper-dim" />
      <Text x={440} y={98} size={8.5} weight={700} spacing={1.2} className="fill-muted">
        SATURDAY
      </Text>
      <Text x={440} y={120} size={17} weight={700}>
        June 26, 2027
      </Text>
      <Text x={440} y={138} size={9.5} className="fill-muted">
        Garden lawn and carriage house
      </Text>
      <path d="M440 152h200" className="stroke-line" />
      <Bar x={440} y={164} width={96} />
      <Bar x={440} y={176} width={64} />
      <rect x={440} y={196} width={124} height={32} rx={5} className="fill-ink" />
      <Text x={502} y={216} size={11} weight={700} anchor="middle" className="fill-paper">
        Book a tour
      </Text>
      {(["open", "held", "booked"] as const).map((day, i) => (
        <g key={day}>
          <rect
            x={424 + i * 52}
            y={266}
            width={12}
            height={12}
            rx={3}
            className={cellStyle[day].cell}
          />
          <Text x={441 + i * 52} y={276} size={9} className="fill-muted">
            {day[0]?.toUpperCase() + day.slice(1)}
          </Text>
        </g>
      ))}
      <Bar x={424} y={304} width={150} />
      <Bar x={424} y={318} width={128} />
      <Bar x={424} y={332} width={84} />
    </>
  );
}

const slots = ["10:00 AM", "11:15 AM", "1:30 PM", "2:45 PM", "4:00 PM", "5:15 PM"];

function Phone() {
  return (
    <>
      <path d="M21 52l-5 5 5 5" className="fill-none stroke-ink" strokeWidth={1.5} />
      <Text x={30} y={61} size={9} className="fill-muted">
        Longue Vue
      </Text>
      <Text x={16} y={88} size={16} weight={700} spacing={-0.3}>
        Book a tour
      </Text>
      <Text x={16} y={104} size={8.5} className="fill-muted">
        45 minutes, Thursday to Sunday
      </Text>
      {[0, 1, 2].map((i) => (
        <rect
          key={i}
          x={16 + i * 48}
          y={114}
          width={44}
          height={3}
          rx={1.5}
          className={i < 2 ? "fill-accent" : "fill-line"}
        />
      ))}
      {[
        ["THU", 10],
        ["FRI", 11],
        ["SAT", 12],
        ["SUN", 13],
      ].map(([name, date], i) => {
        const chosen = date === 11;
        return (
          <g key={name}>
            <rect
              x={16 + i * 36}
              y={130}
              width={32}
              height={46}
              rx={6}
              className={chosen ? "fill-ink" : "fill-paper stroke-line"}
            />
            <Text
              x={32 + i * 36}
              y={146}
              size={7.5}
              weight={700}
              anchor="middle"
              className={chosen ? "fill-paper/70" : "fill-muted"}
            >
              {name}
            </Text>
            <Text
              x={32 + i * 36}
              y={166}
              size={13}
              weight={700}
              anchor="middle"
              className={chosen ? "fill-paper" : "fill-ink"}
            >
              {date}
            </Text>
          </g>
        );
      })}
      <Text x={16} y={200} size={10} weight={700}>
        Pick a time
      </Text>
      {slots.map((slot, i) => {
        const [x, y] = [16 + (i % 2) * 74, 210 + Math.floor(i / 2) * 32];
        const chosen = i === 2;
        const taken = i === 4;
        return (
          <g key={slot}>
            <rect
              x={x}
              y={y}
              width={66}
              height={26}
              rx={5}
              className={
                chosen ? "fill-accent" : taken ? "fill-paper-dim" : "fill-paper stroke-line"
              }
            />
            <Text
              x={x + 33}
              y={y + 17}
              size={9.5}
              weight={chosen ? 700 : 400}
              anchor="middle"
              className={taken ? "fill-muted-light" : chosen ? alwaysInk : "fill-ink"}
            >
              {slot}
            </Text>
          </g>
        );
      })}
      <rect x={16} y={318} width={140} height={34} rx={6} className="fill-ink" />
      <Text x={86} y={339} size={11} weight={700} anchor="middle" className="fill-paper">
        Confirm tour
      </Text>
    </>
  );
}

export const longueVue = { url: "longuevue.com/availability", Desktop, Phone };
