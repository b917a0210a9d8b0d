// Inline icons: decorative (aria-hidden); the control that holds one carries the label.
import type { ReactNode, SVGProps } from 'react'

function Icon({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  )
}

export const CloseIcon = () => <Icon><path d="M18 6 6 18M6 6l12 12" /></Icon>
export const BellIcon = () => <Icon><path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" /><path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" /></Icon>
export const HomeIcon = () => <Icon><path d="M3 11 12 3l9 8" /><path d="M5 10v10h5v-6h4v6h5V10" /></Icon>
export const UserIcon = () => <Icon><circle cx="12" cy="8" r="4" /><path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" /></Icon>
export const UserPlusIcon = () => <Icon><circle cx="9" cy="8" r="4" /><path d="M2 21c1.3-3.8 3.9-6 7-6s5.7 2.2 7 6M19 8v6M16 11h6" /></Icon>
export const PlayIcon = () => <Icon><circle cx="12" cy="12" r="9" /><path d="m10 8 6 4-6 4z" /></Icon>
export const ChatIcon = () => <Icon><path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" /></Icon>
export const DocIcon = () => <Icon><path d="M14 3H6v18h12V7z" /><path d="M14 3v4h4M9 12h6M9 16h6" /></Icon>
export const ListIcon = () => <Icon><path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" /></Icon>
export const LogoutIcon = () => <Icon><path d="M9 21H5V3h4M16 17l5-5-5-5M21 12H9" /></Icon>
export const EyeIcon = () => <Icon><path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" /><circle cx="12" cy="12" r="3" /></Icon>
export const EyeOffIcon = () => <Icon><path d="M3 3l18 18M10.6 6.1A9.7 9.7 0 0 1 12 6c6.4 0 10 6 10 6a17 17 0 0 1-3.3 3.9M6.6 6.6C3.7 8.4 2 12 2 12s3.6 7 10 7a9.5 9.5 0 0 0 5.4-1.6" /><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" /></Icon>
export const QrIcon = () => <Icon><path d="M3 3h6v6H3zM15 3h6v6h-6zM3 15h6v6H3zM15 15h2v2h-2zM19 19h2v2h-2zM15 19h2M19 15h2" /></Icon>
export const ShareIcon = () => <Icon><circle cx="18" cy="5" r="3" /><circle cx="6" cy="12" r="3" /><circle cx="18" cy="19" r="3" /><path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" /></Icon>
export const CheckIcon = () => <Icon><path d="m5 12 5 5L20 7" /></Icon>
export const WalletIcon = () => <Icon><path d="M3 7h15a3 3 0 0 1 3 3v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" /><path d="M3 7V6a2 2 0 0 1 2-2h11v3M16 14h2" /></Icon>
export const RefreshIcon = (props: SVGProps<SVGSVGElement>) => <Icon {...props}><path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" /></Icon>
export const DepositIcon = () => <Icon><path d="M12 3v12M7 10l5 5 5-5M4 20h16" /></Icon>
export const WithdrawIcon = () => <Icon><path d="M12 15V3M7 8l5-5 5 5M4 20h16" /></Icon>
export const TransferIcon = () => <Icon><path d="M4 8h14l-4-4M20 16H6l4 4" /></Icon>
export const CopyIcon = () => <Icon><rect x="9" y="9" width="12" height="12" rx="2" /><path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" /></Icon>
export const GiftIcon = () => <Icon><path d="M3 8h18v4H3zM5 12v9h14v-9M12 8v13M12 8S10.5 3 8 3.5 7.5 8 12 8zm0 0s1.5-5 4-4.5S16.5 8 12 8z" /></Icon>
export const CoinsIcon = () => <Icon><ellipse cx="9" cy="6" rx="6" ry="3" /><path d="M3 6v5c0 1.7 2.7 3 6 3s6-1.3 6-3V6M9 17c0 1.7 2.7 3 6 3s6-1.3 6-3v-5M15 11c3.3 0 6 1.3 6 3" /></Icon>
export const StarIcon = () => <Icon><path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" /></Icon>
export const LockIcon = () => <Icon><rect x="4" y="11" width="16" height="10" rx="2" /><path d="M8 11V7a4 4 0 0 1 8 0v4" /></Icon>
export const FlagIcon = () => <Icon><path d="M5 21V4M5 4h11l-2 4 2 4H5" /></Icon>
export const ChevronIcon = () => <Icon><path d="m9 6 6 6-6 6" /></Icon>
export const ChevronDownIcon = () => <Icon><path d="m6 9 6 6 6-6" /></Icon>
export const AttachIcon = () => <Icon><path d="m20.5 11.5-8.3 8.3a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" /></Icon>
export const UploadIcon = () => <Icon><path d="M12 16V4M7 9l5-5 5 5" /><rect x="3" y="14" width="18" height="7" rx="2" /></Icon>
export const DownloadIcon = () => <Icon><path d="M12 4v11M7 10l5 5 5-5M5 20h14" /></Icon>
export const SwapIcon = () => <Icon><path d="M8 4v16M4 8l4-4 4 4M16 20V4M12 16l4 4 4-4" /></Icon>
export const ImageIcon = () => <Icon><rect x="3" y="4" width="18" height="16" rx="2" /><circle cx="9" cy="10" r="2" /><path d="m21 17-5-5-9 8" /></Icon>
