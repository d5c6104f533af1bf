import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SPEED_POSITION, MAX_FRAME_DT_S, MAX_SPEED_NS_PER_S, MIN_SPEED_NS_PER_S, SPEED_STEPS,
  formatDuration, formatSpeed, nextTarget, nudgePosition, positionToSpeed, speedToPosition, formatSimTime, simTimeDigits,
} from './clock';

describe('speed slider (log scale)', () => {
  it('spans slow motion to fast-forward', () => {
    expect(positionToSpeed(0)).toBeCloseTo(MIN_SPEED_NS_PER_S);
    expect(positionToSpeed(SPEED_STEPS)).toBeCloseTo(MAX_SPEED_NS_PER_S, -3);
    // Slowest: a ~11 ms disk request (1.4 ms seek + 4 ms rotation + 6 ms transfer) lasts ≥ 1 s of wall time.
    expect(11e6 / positionToSpeed(0)).toBeGreaterThanOrEqual(1);
    // Fastest: about 300 s of simulated time per wall second.
    expect(positionToSpeed(SPEED_STEPS) / 1e9).toBeCloseTo(300, 0);
  });
  it('is logarithmic: equal steps multiply the speed by the same factor', () => {
    const r1 = positionToSpeed(200) / positionToSpeed(100);
    const r2 = positionToSpeed(900) / positionToSpeed(800);
    expect(r1).toBeCloseTo(r2, 9);
    expect(positionToSpeed(SPEED_STEPS / 2)).toBeCloseTo(Math.sqrt(MIN_SPEED_NS_PER_S * MAX_SPEED_NS_PER_S), -2);
  });
  it('round-trips position → speed → position', () => {
    for (let p = 0; p <= SPEED_STEPS; p += 37) expect(speedToPosition(positionToSpeed(p))).toBe(p);
  });
  it('clamps out-of-range input', () => {
    expect(positionToSpeed(-5)).toBeCloseTo(MIN_SPEED_NS_PER_S);
    expect(positionToSpeed(1e9)).toBeCloseTo(MAX_SPEED_NS_PER_S, -3);
    expect(speedToPosition(1)).toBe(0);
    expect(speedToPosition(1e20)).toBe(SPEED_STEPS);
    expect(speedToPosition(0)).toBe(0);
    expect(speedToPosition(NaN)).toBe(0);
    expect(positionToSpeed(speedToPosition(20e9, true))).toBeCloseTo(20e9, -1);
  });
  it('defaults to one simulated second per second', () => {
    expect(positionToSpeed(DEFAULT_SPEED_POSITION) / 1e9).toBeCloseTo(1, 1);
  });
  it('nudges by about a factor of two and stops at the ends', () => {
    const p = 500;
    const f = positionToSpeed(nudgePosition(p, 1)) / positionToSpeed(p);
    expect(f).toBeGreaterThan(1.8);
    expect(f).toBeLessThan(2.3);
    expect(nudgePosition(SPEED_STEPS, 1)).toBe(SPEED_STEPS);
    expect(nudgePosition(0, -1)).toBe(0);
  });
});

describe('wall time → simulated time', () => {
  it('advances by dt · speed', () => {
    expect(nextTarget(1e9, 0.016, 1e9, null)).toBeCloseTo(1.016e9);
    expect(nextTarget(0, 0.5 * MAX_FRAME_DT_S, 2e6, null)).toBeCloseTo(0.5 * MAX_FRAME_DT_S * 2e6);
  });
  it('caps a long stall (hidden tab) at MAX_FRAME_DT_S', () => {
    expect(nextTarget(0, 30, 1e9, null)).toBeCloseTo(MAX_FRAME_DT_S * 1e9);
  });
  it('never goes backwards or past the end', () => {
    expect(nextTarget(5, -1, 1e9, null)).toBe(5);
    expect(nextTarget(9e9, 0.25, 300e9, 10e9)).toBe(10e9);
  });
});

describe('formatting', () => {
  it('formats durations and speeds with units', () => {
    expect(formatDuration(850)).toBe('850 ns');
    expect(formatDuration(12_300)).toBe('12.3 µs');
    expect(formatDuration(4.56e6)).toBe('4.56 ms');
    expect(formatDuration(1.23e9)).toBe('1.23 s');
    expect(formatDuration(303e9)).toBe('5 min 3 s');
    expect(formatSpeed(1e6)).toBe('1 ms/s');
    // The top speed in seconds, whatever float error the slider leaves (issue 13, item 10).
    expect(formatSpeed(3e11)).toBe('300 s/s');
    expect(formatSpeed(positionToSpeed(1000) * (1 - 1e-12))).toBe('300 s/s');
    expect(formatSpeed(20e9)).toBe('20 s/s');
  });

  it('shows the clock to the digit that moves each animation frame at the speed played', () => {
    expect(simTimeDigits(1e9)).toBe(3); // 1 s/s: 17 ms a frame
    expect(simTimeDigits(300e9)).toBe(3);
    expect(simTimeDigits(1e6)).toBe(5); // 1 ms/s: 17 µs a frame
    expect(simTimeDigits(1e3)).toBe(8); // 1 µs/s: 17 ns a frame
    expect(simTimeDigits(1)).toBe(9);
    expect(formatSimTime(408_123_456, simTimeDigits(1e6))).toBe('0.40812 s');
    expect(formatSimTime(408_123_456)).toBe('0.408 s');
  });
});
