// The two animated scenes of the public pages, drawn as SVG for a time t (seconds) of a loop of T seconds.
// Everything animated returns to its first state at the end, so the clips loop without a jump.

const clamp = (v, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, v));
const ease = (x) => 1 - (1 - clamp(x)) ** 3;
/** 0 before `start`, easing to 1 over `duration`. */
const enter = (t, start, duration = 0.5) => ease((t - start) / duration);
/** 1 for most of the loop, fading to 0 over its last 0.6 s. */
const loopFade = (t, T) => 1 - clamp((t - (T - 0.7)) / 0.6);
const FONT = "font-family='DejaVu Sans, Arial, sans-serif'";

/** `scale` sets the rendered size; the drawing always uses its own coordinates. */
const svg = (w, h, body, scale = 1) =>
  `<svg xmlns='http://www.w3.org/2000/svg' width='${w * scale}' height='${h * scale}' viewBox='0 0 ${w} ${h}'>${body}</svg>`;

const MENU = [
  ['Margherita', '$12.00', '#ef4444'],
  ['Caesar Salad', '$9.50', '#22c55e'],
  ['Iced Latte', '$4.25', '#a16207'],
  ['Tiramisu', '$6.00', '#f59e0b'],
];

function chip(x, y, label, color, shown) {
  const w = label.length * 9.6 + 48;
  return `<g opacity='${shown}' transform='translate(${x} ${y + (1 - shown) * 12})'>
    <rect width='${w}' height='40' rx='20' fill='#fff'/>
    <circle cx='20' cy='20' r='9' fill='${color}'/>
    <text x='36' y='26' ${FONT} font-size='15' font-weight='bold' fill='#1e293b'>${label}</text></g>`;
}

/** Hero: a branded ordering app fills up, an order is paid, and the four jobs of the app appear around it. */
export function heroFrame(t, T, scale = 1) {
  const fade = loopFade(t, T);
  const cards = MENU.map(([name, price, color], i) => {
    const shown = enter(t, 0.3 + i * 0.25, 0.6) * fade;
    const y = 130 + i * 76;
    return `<g opacity='${shown}' transform='translate(${(1 - shown) * 120} 0)'>
      <rect x='267' y='${y}' width='186' height='64' rx='12' fill='#fff' stroke='#e2e8f0' stroke-width='2'/>
      <circle cx='297' cy='${y + 32}' r='18' fill='${color}'/>
      <text x='323' y='${y + 28}' ${FONT} font-size='12' font-weight='bold' fill='#0f172a'>${name}</text>
      <text x='323' y='${y + 47}' ${FONT} font-size='12' fill='#475569'>${price}</text>
      <circle cx='433' cy='${y + 32}' r='11' fill='#f97316'/>
      <path d='M428 ${y + 32}h10M433 ${y + 27}v10' stroke='#fff' stroke-width='2.5' stroke-linecap='round'/></g>`;
  }).join('');
  const toast = enter(t, 2.3, 0.5) * fade;
  const paid = enter(t, 3.1, 0.5) * fade;
  const chips = [
    chip(28, 92, 'Take orders', '#f97316', enter(t, 1.2) * fade),
    chip(40, 300, 'Book clients', '#0ea5e9', enter(t, 1.8) * fade),
    chip(486, 180, 'Process payments', '#22c55e', enter(t, 3.1) * fade),
    chip(520, 392, 'Send promos', '#a855f7', enter(t, 3.8) * fade),
  ].join('');
  return svg(
    720,
    540,
    `
    <defs>
      <linearGradient id='bg' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='#312e81'/><stop offset='1' stop-color='#6366f1'/></linearGradient>
      <clipPath id='screen'><rect x='255' y='42' width='210' height='456' rx='26'/></clipPath>
    </defs>
    <rect width='720' height='540' fill='url(#bg)'/>
    <circle cx='110' cy='470' r='150' fill='#fff' opacity='0.06'/>
    <circle cx='640' cy='60' r='120' fill='#fff' opacity='0.06'/>
    <rect x='243' y='28' width='234' height='484' rx='36' fill='#0f172a'/>
    <g clip-path='url(#screen)'>
      <rect x='255' y='42' width='210' height='456' fill='#f8fafc'/>
      <rect x='255' y='42' width='210' height='74' fill='#f97316'/>
      <text x='271' y='84' ${FONT} font-size='17' font-weight='bold' fill='#fff'>Rosa's Kitchen</text>
      <text x='271' y='103' ${FONT} font-size='11' fill='#ffedd5'>Order ahead · Pick up · Delivery</text>
      ${cards}
      <g opacity='${toast}' transform='translate(0 ${(1 - toast) * -70})'>
        <rect x='263' y='50' width='194' height='56' rx='14' fill='#0f172a'/>
        <circle cx='287' cy='78' r='12' fill='#22c55e'/>
        <path d='M281 78l4 4 8-8' stroke='#fff' stroke-width='2.5' fill='none' stroke-linecap='round'/>
        <text x='306' y='74' ${FONT} font-size='12' font-weight='bold' fill='#fff'>New order #1042</text>
        <text x='306' y='92' ${FONT} font-size='11' fill='#cbd5e1'>$24.50 · ${paid > 0.5 ? 'Paid' : 'Paying...'}</text>
      </g>
    </g>
    ${chips}`,
    scale,
  );
}

/** Menu sync: a price changed in the web menu editor reaches the app on the phone. */
export function menuSyncFrame(t, T, scale = 1) {
  const fade = loopFade(t, T);
  const cursor = enter(t, 0.3, 0.8);
  const edited = t > 1.4 && fade > 0.5;
  const syncing = clamp((t - 1.8) / 1.2);
  const arrived = enter(t, 3.0, 0.4) * fade;
  const row = (x, y, w, [name, price], i, changed, flash) => `
    <rect x='${x}' y='${y}' width='${w}' height='44' rx='8' fill='${flash}' stroke='#e2e8f0'/>
    <text x='${x + 14}' y='${y + 27}' ${FONT} font-size='${w > 200 ? 15 : 12}' fill='#0f172a'>${name}</text>
    <text x='${x + w - 14}' y='${y + 27}' text-anchor='end' ${FONT} font-size='${w > 200 ? 15 : 12}' font-weight='bold' fill='${changed ? '#15803d' : '#0f172a'}'>${
      changed ? '$13.50' : price
    }</text>`;
  const editor = MENU.map((item, i) =>
    row(
      50,
      100 + i * 56,
      360,
      item,
      i,
      i === 0 && edited,
      i === 0 && t > 0.9 && fade > 0.5 ? '#fef9c3' : '#fff',
    ),
  ).join('');
  const phone = MENU.map((item, i) =>
    row(
      512,
      100 + i * 56,
      146,
      item,
      i,
      i === 0 && arrived > 0.5,
      i === 0 && arrived > 0 ? `rgba(34,197,94,${0.25 * arrived})` : '#fff',
    ),
  ).join('');
  const dots = [0, 1, 2, 3, 4]
    .map((k) => {
      const p = (syncing * 1.6 - k * 0.15) % 1;
      const on = syncing > 0 && syncing < 1 && p > 0 ? 1 : 0;
      return `<circle cx='${430 + p * 70}' cy='${202 - Math.sin(p * Math.PI) * 40}' r='5' fill='#4f46e5' opacity='${on}'/>`;
    })
    .join('');
  const cx = 70 + cursor * 250;
  const cy = 380 - cursor * 250;
  return svg(
    720,
    405,
    `
    <rect width='720' height='405' fill='#eef2ff'/>
    <rect x='30' y='30' width='400' height='345' rx='14' fill='#fff' stroke='#c7d2fe' stroke-width='2'/>
    <rect x='30' y='30' width='400' height='44' rx='14' fill='#e0e7ff'/>
    <circle cx='54' cy='52' r='6' fill='#f87171'/><circle cx='74' cy='52' r='6' fill='#fbbf24'/><circle cx='94' cy='52' r='6' fill='#34d399'/>
    <text x='230' y='58' text-anchor='middle' ${FONT} font-size='14' font-weight='bold' fill='#3730a3'>Menu Sync · Web editor</text>
    ${editor}
    <text x='50' y='352' ${FONT} font-size='12' fill='#475569'>${edited ? 'Saved · syncing to your app' : 'Click a price to change it'}</text>
    ${dots}
    <rect x='498' y='28' width='174' height='350' rx='26' fill='#0f172a'/>
    <rect x='506' y='40' width='158' height='326' rx='20' fill='#f8fafc'/>
    <rect x='506' y='40' width='158' height='48' rx='20' fill='#4338ca'/>
    <text x='585' y='70' text-anchor='middle' ${FONT} font-size='13' font-weight='bold' fill='#fff'>Your App</text>
    ${phone}
    <text x='585' y='350' text-anchor='middle' ${FONT} font-size='11' fill='#15803d' opacity='${arrived}'>Updated just now</text>
    <path transform='translate(${cx} ${cy})' d='M0 0l0 22 6-6 5 11 4-2-5-11 8 0z' fill='#0f172a' stroke='#fff' stroke-width='1.5' opacity='${fade}'/>`,
    scale,
  );
}
