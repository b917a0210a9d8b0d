import { forwardRef } from 'react'
import type { SpinSlice } from '../../../contract'

/** Spec 9: the wheel is 350 px. */
export const WHEEL_SIZE = 350
const CENTRE = WHEEL_SIZE / 2
const RADIUS = CENTRE - 6

/** A point on the circle `angle` degrees clockwise from the top. */
const at = (angle: number, radius: number) => {
  const radians = (angle * Math.PI) / 180
  return [CENTRE + radius * Math.sin(radians), CENTRE - radius * Math.cos(radians)] as const
}

function slicePath(index: number, count: number): string {
  const size = 360 / count
  const [x1, y1] = at(index * size, RADIUS)
  const [x2, y2] = at((index + 1) * size, RADIUS)
  return `M${CENTRE} ${CENTRE}L${x1.toFixed(2)} ${y1.toFixed(2)}A${RADIUS} ${RADIUS} 0 ${size > 180 ? 1 : 0} 1 ${x2.toFixed(2)} ${y2.toFixed(2)}Z`
}

/**
 * The wheel drawn from its slices (spec 2 "Spin modal", 350 px): slice 0 starts under the pointer
 * at the top and the slices follow clockwise (wheel.ts). The turning element is the forwarded
 * ref; the pointer stands still above it.
 */
export const Wheel = forwardRef<HTMLDivElement, { slices: readonly SpinSlice[]; label: string }>(function Wheel({ slices, label }, ref) {
  const size = 360 / slices.length
  return (
    <div className="wheel" role="img" aria-label={label}>
      <div ref={ref} className="wheel__disc">
        <svg viewBox={`0 0 ${WHEEL_SIZE} ${WHEEL_SIZE}`} width={WHEEL_SIZE} height={WHEEL_SIZE} aria-hidden="true">
          <circle cx={CENTRE} cy={CENTRE} r={CENTRE - 1} fill="#1a1a1a" />
          {slices.map((slice, index) => {
            const middle = (index + 0.5) * size
            const [x, y] = at(middle, RADIUS * 0.68)
            return (
              <g key={`${slice.code}-${index}`}>
                <path d={slicePath(index, slices.length)} fill={slice.bgColor} stroke="#ffffff" strokeWidth={2} />
                <text x={x} y={y} fill={slice.textColor} fontSize={slice.label.length > 6 ? 14 : 22} fontWeight={700}
                  textAnchor="middle" dominantBaseline="middle" transform={`rotate(${middle} ${x} ${y})`}>
                  {slice.label}
                </text>
              </g>
            )
          })}
          <circle cx={CENTRE} cy={CENTRE} r={26} fill="#ffffff" stroke="#1a1a1a" strokeWidth={3} />
        </svg>
      </div>
      <svg className="wheel__pointer" viewBox="0 0 40 44" width={40} height={44} aria-hidden="true">
        <path d="M20 42L4 6a18 18 0 0 1 32 0z" fill="#d64545" stroke="#ffffff" strokeWidth={3} />
      </svg>
    </div>
  )
})
