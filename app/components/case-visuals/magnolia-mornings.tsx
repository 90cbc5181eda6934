/**
 * Magnolia Mornings' own ordering: the pickup menu with a sold-out item and 15-minute pickup
 * windows (one already full) on the desktop, the pickup order on the phone.
 */
import { alwaysInk, Text } from "./frames.tsx";

type Dish = { name: string; price: string; shape: "biscuit" | "bowl" | "cup"; soldOut?: boolean };

const menu: readonly Dish[] = [
  { name: "Buttermilk biscuit", price: "$4.50", shape: "biscuit" },
  { name: "Chicken biscuit", price: "$9.50", shape: "biscuit" },
  { name: "Shrimp & grits", price: "$16.00", shape: "bowl" },
  { name: "Biscuit flight", price: "$12.00", shape: "biscuit" },
  { name: "Cold brew", price: "$4.75", shape: "cup" },
  { name: "Peach hand pie", price: "$5.00", shape: "bowl", soldOut: true },
];

const order = [
  { count: 2, name: "Buttermilk biscuit", price: "$9.00", shape: "biscuit" },
  { count: 1, name: "Shrimp & grits", price: "$16.00", shape: "bowl" },
  { count: 1, name: "Cold brew", price: "$4.75", shape: "cup" },
] as const;

/** A plate seen from above with the dish on it, in the studio's thin-line manner. */
function Plate({ cx, cy, r, shape }: { cx: number; cy: number; r: number; shape: Dish["shape"] }) {
  const s = r / 21;
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} className="fill-paper stroke-line" />
      <circle cx={cx} cy={cy} r={r * 0.68} className="fill-none stroke-line" />
      {shape === "biscuit" ? (
        <rect
          x={cx - 9 * s}
          y={cy - 7 * s}
          width={18 * s}
          height={14 * s}
          rx={5 * s}
          className="fill-accent/85"
        />
      ) : shape === "bowl" ? (
        <>
          <circle cx={cx} cy={cy} r={9 * s} className="fill-paper-dim stroke-muted-light" />
          <circle cx={cx - 3 * s} cy={cy - 2 * s} r={2.4 * s} className="fill-accent" />
          <circle cx={cx + 3.5 * s} cy={cy + 2 * s} r={2.4 * s} className="fill-accent" />
        </>
      ) : (
        <>
          <circle cx={cx} cy={cy} r={8 * s} className="fill-ink" />
          <circle cx={cx} cy={cy} r={5 * s} className="fill-ink-line" />
        </>
      )}
    </g>
  );
}

function MenuCard({ dish, x, y }: { dish: Dish; x: number; y: number }) {
  return (
    // Faded when sold out; less so on the dark palette, where its "Sold out" keeps 5:1 (frames.tsx).
    <g className={dish.soldOut ? "opacity-[var(--sold-out,0.6)]" : undefined}>
      <rect x={x} y={y} width={128} height={114} rx={6} className="fill-paper stroke-line" />
      <rect x={x + 6} y={y + 6} width={116} height={58} rx={4} className="fill-paper-dim" />
      <Plate cx={x + 64} cy={y + 35} r={21} shape={dish.shape} />
      <Text x={x + 10} y={y + 82} size={10} weight={700}>
        {dish.name}
      </Text>
      {dish.soldOut ? (
        <>
          <rect x={x + 10} y={y + 89} width={48} height={15} rx={7.5} className="fill-paper-dim" />
          <Text x={x + 34} y={y + 100} size={8} weight={700} anchor="middle" className="fill-muted">
            Sold out
          </Text>
        </>
      ) : (
        <>
          <Text x={x + 10} y={y + 99} size={10} className="fill-muted">
            {dish.price}
          </Text>
          <circle cx={x + 110} cy={y + 95} r={10} className="fill-ink" />
          <path
            d={`M${x + 106} ${y + 95}h8M${x + 110} ${y + 91}v8`}
            className="stroke-paper"
            strokeWidth={1.5}
          />
        </>
      )}
    </g>
  );
}

function Desktop() {
  return (
    <>
      <circle cx={31} cy={27} r={7} className="fill-none stroke-accent" strokeWidth={1.5} />
      <circle cx={31} cy={27} r={2} className="fill-accent" />
      <Text x={46} y={31} size={13} weight={700} spacing={-0.2}>
        Magnolia Mornings
      </Text>
      {["Menu", "Catering", "Locations"].map((item, i) => (
        <Text key={item} x={300 + i * 62} y={32} size={10} className="fill-muted">
          {item}
        </Text>
      ))}
      <rect x={572} y={15} width={84} height={26} rx={4} className="fill-ink" />
      <Text x={614} y={32} size={10} weight={700} anchor="middle" className="fill-paper">
        Cart (4)
      </Text>
      <path d="M0 54h680" className="stroke-line" />
      <Text x={24} y={84} size={8.5} weight={700} spacing={1.4} className="fill-accent-strong">
        PICKUP IN SAVANNAH
      </Text>
      <Text x={24} y={108} size={20} weight={700} spacing={-0.4}>
        Order ahead, skip the line
      </Text>
      {(
        [
          ["Biscuits", 0],
          ["Plates", 58],
          ["Sides", 106],
          ["Drinks", 148],
          ["Catering", 196],
        ] as const
      ).map(([tab, offset], i) => (
        <Text
          key={tab}
          x={24 + offset}
          y={136}
          size={10}
          weight={i ? 400 : 700}
          className={i ? "fill-muted" : "fill-ink"}
        >
          {tab}
        </Text>
      ))}
      <path d="M24 146h408" className="stroke-line" />
      <rect x={24} y={144} width={42} height={3} rx={1.5} className="fill-accent" />
      {menu.map((dish, i) => (
        <MenuCard
          key={dish.name}
          dish={dish}
          x={24 + (i % 3) * 140}
          y={160 + Math.floor(i / 3) * 126}
        />
      ))}
      <rect x={452} y={72} width={204} height={328} rx={8} className="fill-paper-dim" />
      <Text x={468} y={98} size={12} weight={700}>
        Your pickup
      </Text>
      <Text x={468} y={118} size={9} className="fill-muted">
        Pickup window
      </Text>
      {["8:15", "8:30", "8:45"].map((time, i) => (
        <g key={time}>
          <rect
            x={468 + i * 44}
            y={126}
            width={40}
            height={24}
            rx={4}
            className={i === 1 ? "fill-ink" : "fill-paper stroke-line"}
          />
          <Text
            x={488 + i * 44}
            y={142}
            size={9.5}
            weight={i === 1 ? 700 : 400}
            anchor="middle"
            className={["fill-muted-light", "fill-paper", "fill-ink"][i]}
          >
            {time}
          </Text>
        </g>
      ))}
      <path d="M474 138h28" className="stroke-muted-light" />
      {order.map((line, i) => (
        <g key={line.name}>
          <Text x={468} y={180 + i * 20} size={9.5}>
            {`${line.count} × ${line.name}`}
          </Text>
          <Text x={640} y={180 + i * 20} size={9.5} anchor="end" className="fill-muted">
            {line.price}
          </Text>
        </g>
      ))}
      <path d="M468 236h172" className="stroke-line" />
      <Text x={468} y={256} size={10.5} weight={700}>
        Subtotal $29.75
      </Text>
      <rect x={468} y={270} width={120} height={32} rx={5} className="fill-accent" />
      <Text x={528} y={290} size={11} weight={700} anchor="middle" className={alwaysInk}>
        Check out
      </Text>
    </>
  );
}

function Phone() {
  return (
    <>
      <Text x={16} y={68} size={16} weight={700} spacing={-0.3}>
        Your order
      </Text>
      <Text x={16} y={84} size={8.5} className="fill-muted">
        Pickup Saturday, 8:30 AM
      </Text>
      {order.map((line, i) => {
        const y = 98 + i * 44;
        return (
          <g key={line.name}>
            <Plate cx={30} cy={y + 18} r={14} shape={line.shape} />
            <Text x={52} y={y + 15} size={9} weight={700}>
              {line.name}
            </Text>
            <Text x={52} y={y + 29} size={9} className="fill-muted">
              {line.price}
            </Text>
            <rect
              x={112}
              y={y + 18}
              width={44}
              height={18}
              rx={9}
              className="fill-paper stroke-line"
            />
            <Text x={134} y={y + 30.5} size={9} weight={700} anchor="middle">
              {`–  ${line.count}  +`}
            </Text>
          </g>
        );
      })}
      <path d="M16 236h140" className="stroke-line" />
      {[
        ["Subtotal", "$29.75"],
        ["Tax", "$2.08"],
      ].map(([label, amount], i) => (
        <g key={label}>
          <Text x={16} y={254 + i * 16} size={9} className="fill-muted">
            {label}
          </Text>
          <Text x={156} y={254 + i * 16} size={9} anchor="end" className="fill-muted">
            {amount}
          </Text>
        </g>
      ))}
      <Text x={16} y={294} size={11} weight={700}>
        Total
      </Text>
      <Text x={156} y={294} size={11} weight={700} anchor="end">
        $31.83
      </Text>
      <rect x={16} y={308} width={140} height={34} rx={6} className="fill-accent" />
      <Text x={86} y={329} size={11} weight={700} anchor="middle" className={alwaysInk}>
        Place pickup order
      </Text>
      <Text x={86} y={358} size={7.5} anchor="middle" className="fill-muted">
        Apple Pay, Google Pay or card
      </Text>
    </>
  );
}

export const magnoliaMornings = { url: "magnoliamornings.com/order", Desktop, Phone };
