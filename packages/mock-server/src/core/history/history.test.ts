import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Cell } from './cell.js';
import { assertJsonSafe, imageOf, loadImage } from './image.js';
import { MAX_RECORDED_CHANGES, StateHistory } from './state-history.js';
import { TrackedList } from './tracked-list.js';
import { TrackedMap } from './tracked-map.js';
import { TrackedSet } from './tracked-set.js';
import { TrackedState } from './tracked-state.js';

/** A map's contents in iteration order. */
const entries = <K, V>(map: Map<K, V>): [K, V][] => [...map];

describe('StateHistory with tracked containers', () => {
  it('records nothing before the first mark', () => {
    const history = new StateHistory();
    const map = new TrackedMap<string, number>(history);
    map.set('a', 1);
    map.delete('a');
    expect(history.size).toBe(0);
    expect(history.recording).toBe(false);
  });

  it('takes back sets, replacements, deletions and clears of a map, keys back in their order', () => {
    const history = new StateHistory();
    const map = new TrackedMap<string, number>(history);
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      map.set(key, value);
    const mark = history.mark();
    map.set('b', 20);
    map.delete('a');
    map.set('d', 4);
    map.set('a', 10);
    map.clear();
    map.set('e', 5);
    history.rewind(mark);
    expect(entries(map)).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(history.size).toBe(0);
  });

  it('takes back a set and a list, and a cell', () => {
    const history = new StateHistory();
    const set = new TrackedSet<string>(history);
    const list = new TrackedList<number>(history);
    const cell = new Cell(history, 0);
    set.add('x').add('y');
    for (const item of [1, 2, 3]) list.push(item);
    const mark = history.mark();
    set.delete('x');
    set.add('z');
    set.add('x');
    list.push(4);
    list.set(0, 10);
    list.splice(1, 1, 7, 8);
    list.shift();
    list.pop();
    list.truncate(1);
    cell.value = 5;
    cell.value += 1;
    history.rewind(mark);
    expect([...set]).toEqual(['x', 'y']);
    expect(list.items).toEqual([1, 2, 3]);
    expect(cell.value).toBe(0);
  });

  it('matches a plain Map under any sequence of writes, at any mark', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 6 }), value: fc.integer() }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 6 }) }),
      fc.record({ kind: fc.constant('mark' as const) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.nat(), (ops, pick) => {
        const history = new StateHistory();
        const map = new TrackedMap<number, number>(history);
        const marks: { mark: ReturnType<StateHistory['mark']>; at: [number, number][] }[] = [
          { mark: history.mark(), at: [] },
        ];
        for (const each of ops) {
          if (each.kind === 'set') map.set(each.key, each.value);
          else if (each.kind === 'delete') map.delete(each.key);
          else marks.push({ mark: history.mark(), at: entries(map) });
        }
        const target = marks[pick % marks.length] as (typeof marks)[number];
        history.rewind(target.mark);
        expect(entries(map)).toEqual(target.at);
      }),
    );
  });

  it('matches a plain array under any sequence of list writes', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('push' as const), value: fc.integer() }),
      fc.record({
        kind: fc.constant('splice' as const),
        start: fc.integer({ min: -5, max: 8 }),
        count: fc.nat({ max: 3 }),
        items: fc.array(fc.integer(), { maxLength: 3 }),
      }),
      fc.record({ kind: fc.constant('set' as const), index: fc.nat({ max: 8 }), value: fc.integer() }),
    );
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 6 }), fc.array(op, { maxLength: 30 }), (start, ops) => {
        const history = new StateHistory();
        const list = new TrackedList<number>(history);
        for (const item of start) list.push(item);
        const mark = history.mark();
        const plain = [...start];
        for (const each of ops) {
          if (each.kind === 'push') {
            list.push(each.value);
            plain.push(each.value);
          } else if (each.kind === 'splice') {
            expect(list.splice(each.start, each.count, ...each.items)).toEqual(
              plain.splice(each.start, each.count, ...each.items),
            );
          } else if (each.index <= plain.length) {
            list.set(each.index, each.value);
            plain[each.index] = each.value;
          }
          expect(list.items).toEqual(plain);
        }
        history.rewind(mark);
        expect(list.items).toEqual(start);
      }),
    );
  });

  it('kills later marks when it goes back to an earlier one', () => {
    const history = new StateHistory();
    const cell = new Cell(history, 'a');
    const first = history.mark();
    cell.value = 'b';
    const second = history.mark();
    cell.value = 'c';
    history.rewind(first);
    expect(history.reaches(second)).toBe(false);
    expect(() => history.rewind(second)).toThrow(/no longer be reached/);
    expect(history.reaches(first)).toBe(true);
    expect(history.reaches(new StateHistory().mark())).toBe(false);
  });

  it('forgets everything and stops recording beyond its limit of writes', () => {
    expect(MAX_RECORDED_CHANGES).toBeGreaterThan(100_000);
    const history = new StateHistory();
    const mark = history.mark();
    history.forget();
    expect(history.reaches(mark)).toBe(false);
    expect(history.recording).toBe(false);
  });
});

describe('a watch of a history', () => {
  it('hears of the next write only, and of a write that recording records too', () => {
    const history = new StateHistory();
    const map = new TrackedMap<string, number>(history);
    const cell = new Cell(history, 1);
    history.watch();
    expect([history.recording, history.written]).toEqual([true, false]);
    cell.value = 1; // the same value: no change
    expect(history.written).toBe(false);
    map.set('a', 1);
    expect([history.recording, history.written, history.size]).toEqual([false, true, 0]);
    history.watch();
    const mark = history.mark();
    map.delete('a');
    expect([history.recording, history.written]).toEqual([true, true]);
    history.rewind(mark);
    expect(entries(map)).toEqual([['a', 1]]);
  });

  it('hears of a rewind and of a forgotten history, which change the state without a write', () => {
    const history = new StateHistory();
    const list = new TrackedList<number>(history);
    const mark = history.mark();
    list.push(1);
    history.watch();
    history.rewind(mark);
    expect(history.written).toBe(true);
    history.watch();
    history.forget();
    expect([history.written, history.recording]).toEqual([true, false]);
  });
});

describe('images', () => {
  it('copy a scope with nested containers and load it back into another', () => {
    const scope = new TrackedState(new StateHistory());
    const byCustomer = scope.map<string, TrackedSet<string>>();
    const sequence = scope.list<{ id: string } | null>();
    scope.cell<number | undefined>(undefined);
    byCustomer.set('cust_1', scope.innerSet(['v_1', 'v_2']));
    byCustomer.set('cust_2', scope.innerSet());
    sequence.push({ id: 'a' });
    sequence.push(null);
    const images = scope.containers.map(imageOf);
    assertJsonSafe(images);
    const json = JSON.parse(JSON.stringify(images)) as typeof images;

    const other = new TrackedState(new StateHistory());
    const [map, list, cell] = [
      other.map<string, TrackedSet<string>>(),
      other.list<{ id: string } | null>(),
      other.cell<number | undefined>(3),
    ];
    [map, list, cell].forEach((container, index) =>
      loadImage(container, json[index] as (typeof json)[number], other.history),
    );
    expect([...map.keys()]).toEqual(['cust_1', 'cust_2']);
    expect(map.get('cust_1')).toBeInstanceOf(TrackedSet);
    expect([...(map.get('cust_1') ?? [])]).toEqual(['v_1', 'v_2']);
    expect(list.items).toEqual([{ id: 'a' }, null]);
    expect(cell.value).toBeUndefined();
    // Loaded containers record into their new history.
    const mark = other.history.mark();
    map.get('cust_1')?.add('v_3');
    other.history.rewind(mark);
    expect([...(map.get('cust_1') ?? [])]).toEqual(['v_1', 'v_2']);
  });

  it('refuse to load into another kind of container', () => {
    const history = new StateHistory();
    expect(() => loadImage(new TrackedSet(history), { map: [] }, history)).toThrow(
      /map image cannot be loaded into a set/,
    );
  });

  it('name the first value JSON cannot hold', () => {
    expect(() => assertJsonSafe({ a: [{ b: new Map() }] })).toThrow('$.a[0].b is Map');
    expect(() => assertJsonSafe({ a: Number.NaN })).toThrow('$.a is NaN');
    expect(() => assertJsonSafe([undefined])).toThrow('$[0] is undefined');
    expect(() => assertJsonSafe({ a: undefined, b: [1, 'x', true, null] })).not.toThrow();
  });
});
