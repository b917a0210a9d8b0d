// @vitest-environment node
// Spec 2 and 4: the wheel turns 2 to 4 extra times with a friction of about 0.991 and lands exactly
// on the prize the server chose; with prefers-reduced-motion a short turn straight to it.
import { describe, expect, it } from 'vitest'
import { extraTurns, FRICTION, landingRotation, REDUCED_MOTION_FRAMES, sliceAt, turnFrames } from '../../src/features/spin/wheel'

const counts = [2, 3, 4, 5, 6, 7, 8, 10, 12]

describe('the wheel lands on the server\'s prize', () => {
  for (const count of counts) {
    it(`for every slice of a ${count}-slice wheel, from any start, with or without motion`, () => {
      for (let index = 0; index < count; index++) {
        for (const from of [0, 37.5, 359.9, 1234.5, -90]) {
          for (const turns of [0, 2, 3, 4]) {
            const to = landingRotation(from, index, count, turns)
            expect(sliceAt(to, count)).toBe(index)
            expect(to).toBeGreaterThanOrEqual(from + turns * 360)
            expect(to).toBeLessThan(from + (turns + 1) * 360)
            for (const reducedMotion of [false, true]) {
              const frames = turnFrames(from, to, { reducedMotion })
              expect(frames.at(-1)).toBe(to)
              expect(frames.every((angle, i) => i === 0 || angle >= frames[i - 1])).toBe(true)
            }
          }
        }
      }
    })
  }

  it('stops at the centre of its slice', () => {
    expect(landingRotation(0, 0, 4, 0)).toBe(315)
    expect(landingRotation(0, 1, 4, 0)).toBe(225)
    expect(landingRotation(0, 3, 4, 2)).toBe(720 + 45)
  })

  it('refuses a slice the wheel does not have', () => {
    expect(() => landingRotation(0, 4, 4, 2)).toThrow(RangeError)
    expect(() => landingRotation(0, -1, 4, 2)).toThrow(RangeError)
  })

  it('turns 2, 3 or 4 extra times', () => {
    expect([0, 0.33, 0.34, 0.66, 0.67, 0.999].map(extraTurns)).toEqual([2, 2, 3, 3, 4, 4])
  })
})

describe('the motion', () => {
  it('slows by the friction each frame, then the last frame is the target', () => {
    const frames = [0, ...turnFrames(0, 3 * 360 + 45)]
    const steps = frames.slice(1).map((angle, i) => angle - frames[i])
    // Every step, the last one onto the prize too, is the one before it times the friction.
    for (let i = 1; i < steps.length; i++) expect(steps[i] / steps[i - 1]).toBeCloseTo(FRICTION, 6)
    expect(steps.at(-1)).toBeLessThan(0.06)
    // About 8 to 12 seconds at 60 frames a second: a wheel, not a flicker.
    expect(frames.length / 60).toBeGreaterThan(6)
    expect(frames.length / 60).toBeLessThan(14)
    expect(frames.at(-1)).toBe(3 * 360 + 45)
  })

  it('is a short turn for reduced motion', () => {
    const frames = turnFrames(10, landingRotation(10, 2, 8, 0), { reducedMotion: true })
    expect(frames).toHaveLength(REDUCED_MOTION_FRAMES)
  })

  it('has nothing to do when already there', () => {
    expect(turnFrames(90, 90)).toEqual([90])
  })
})
