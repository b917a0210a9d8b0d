// What the device says of itself, read when it is needed (a setting can change while the app runs).

/** The player asked for less motion (the system's setting): no long animations, no smooth scrolls. */
export const prefersReducedMotion = (): boolean => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

/** The pointer is a mouse's (a computer), not a finger. */
export const finePointer = (): boolean => window.matchMedia?.('(pointer: fine)').matches === true
