// The spin wheel's geometry and motion (spec 2 "Spin modal", spec 4 "Spin"): the wheel turns 2 to 4
// extra times, slowing by a friction of about 0.991 a frame, and stops exactly on the slice the
// server chose. The pointer sits at the top; slice 0 starts there and the slices follow clockwise.
// Angles are degrees, a rotation is clockwise and grows without wrapping.

/** Spec 4: the velocity kept from one frame (1/60 s) to the next. */
export const FRICTION = 0.991
export const MIN_EXTRA_TURNS = 2
export const MAX_EXTRA_TURNS = 4
/** Below this speed (degrees a frame) the turn ends on its target. */
const STOP_SPEED = 0.05
/** prefers-reduced-motion: no extra turns, a short turn straight to the prize. */
export const REDUCED_MOTION_FRAMES = 18

const mod = (value: number, by: number) => ((value % by) + by) % by

/** The slice under the pointer when the wheel stands at `rotation`. */
export function sliceAt(rotation: number, count: number): number {
  const size = 360 / count
  return Math.floor(mod(-rotation, 360) / size) % count
}

/**
 * Where a turn from `from` stops so that slice `index` sits under the pointer, centred: at least
 * `extraTurns` whole turns further on (none for reduced motion, but always forward).
 */
export function landingRotation(from: number, index: number, count: number, extraTurns: number): number {
  if (!Number.isInteger(index) || index < 0 || index >= count) throw new RangeError(`slice ${index} of ${count}`)
  const size = 360 / count
  const centre = mod(-(index + 0.5) * size, 360)
  const floor = from + extraTurns * 360
  return floor + mod(centre - floor, 360)
}

/** 2, 3 or 4 extra turns, from a random number in [0, 1). */
export const extraTurns = (random: number): number =>
  MIN_EXTRA_TURNS + Math.min(MAX_EXTRA_TURNS - MIN_EXTRA_TURNS, Math.floor(random * (MAX_EXTRA_TURNS - MIN_EXTRA_TURNS + 1)))

/**
 * The rotation of each frame of a turn from `from` to `to`. With friction the speed falls by
 * FRICTION a frame; the number of frames is the one at which that speed has fallen to STOP_SPEED,
 * and the first speed is the one whose frames add up to the distance exactly, so the wheel slows
 * evenly to its last frame, which is `to` itself: it never stops beside its prize, nor jumps onto it.
 * Reduced motion: a few frames, easing out.
 */
export function turnFrames(from: number, to: number, { reducedMotion = false, friction = FRICTION } = {}): number[] {
  const distance = to - from
  if (distance <= 0) return [to]
  const frames: number[] = []
  if (reducedMotion) {
    for (let frame = 1; frame < REDUCED_MOTION_FRAMES; frame++) {
      const t = frame / REDUCED_MOTION_FRAMES
      frames.push(from + distance * (1 - (1 - t) ** 3))
    }
  } else {
    const count = Math.max(1, Math.ceil(Math.log(1 + (distance * (1 - friction)) / STOP_SPEED) / -Math.log(friction)))
    let speed = (distance * (1 - friction)) / (1 - friction ** count)
    let at = from
    for (let frame = 1; frame < count; frame++) {
      at += speed
      speed *= friction
      frames.push(at)
    }
  }
  frames.push(to)
  return frames
}
