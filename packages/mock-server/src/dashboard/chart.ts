import { h } from './dom.js';

/** One point of a chart: when, and how much. */
export interface ChartPoint {
  readonly at: string;
  readonly value: number;
}

const SVG = 'http://www.w3.org/2000/svg';

const svg = (tag: string, attributes: Record<string, string | number>, text?: string): SVGElement => {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
};

/**
 * A step chart of a value over time (a card's points after each transaction): a step at each
 * point, the first and last times and the highest value labelled.
 */
export const stepChart = (points: readonly ChartPoint[], label: string): HTMLElement => {
  if (points.length === 0) return h('p', { class: 'empty' }, 'No transactions yet.');
  const [width, height, pad] = [560, 180, 36];
  const times = points.map((point) => Date.parse(point.at));
  const first = Math.min(...times);
  const last = Math.max(...times, first + 1);
  const top = Math.max(...points.map((point) => point.value), 1);
  // Days apart, the dates; within a day, the times too.
  const stamp = (time: number): string =>
    new Date(time)
      .toISOString()
      .slice(0, last - first < 86_400_000 ? 16 : 10)
      .replace('T', ' ');
  const x = (time: number): number => pad + ((time - first) / (last - first)) * (width - 2 * pad);
  const y = (value: number): number => height - pad - (value / top) * (height - 2 * pad);
  let path = `M ${x(first)} ${y(0)}`;
  points.forEach((point, index) => {
    path += ` L ${x(times[index] as number)} ${y(index === 0 ? 0 : (points[index - 1] as ChartPoint).value)}`;
    path += ` L ${x(times[index] as number)} ${y(point.value)}`;
  });
  path += ` L ${width - pad} ${y((points.at(-1) as ChartPoint).value)}`;
  const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label, class: 'chart' });
  chart.append(
    svg('line', { x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, class: 'axis' }),
    svg('line', { x1: pad, y1: pad, x2: pad, y2: height - pad, class: 'axis' }),
    svg('path', { d: path, class: 'line' }),
    svg('text', { x: pad - 4, y: y(top) + 4, 'text-anchor': 'end' }, String(top)),
    svg('text', { x: pad - 4, y: height - pad + 4, 'text-anchor': 'end' }, '0'),
    svg('text', { x: pad, y: height - pad + 18 }, stamp(first)),
    svg('text', { x: width - pad, y: height - pad + 18, 'text-anchor': 'end' }, stamp(last)),
    ...points.map((point, index) =>
      svg('circle', {
        cx: x(times[index] as number),
        cy: y(point.value),
        r: 3,
        class: 'dot',
        'data-value': point.value,
      }),
    ),
  );
  return h('figure', null, chart as unknown as Node, h('figcaption', null, label));
};
