// Spec 9: dates show as DD/MM/YYYY HH:mm:ss. Plain Intl-free code keeps dayjs out of the
// first-load bundle until a screen needs relative times.
const pad = (n: number) => String(n).padStart(2, '0')

export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}
