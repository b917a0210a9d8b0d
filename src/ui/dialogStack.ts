// Open dialogs, oldest first. A modal dialog makes the rest of the page inert, so whatever must
// stay usable above it (the toasts) renders inside the top one. Its own module: the toasts need
// it on the first screen, the Modal component does not.
export const openDialogs: HTMLDialogElement[] = []

export const topDialog = (): HTMLDialogElement | null => openDialogs.at(-1) ?? null
