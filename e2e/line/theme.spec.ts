// Dark mode in LINE: the device's colour scheme picks the palette (LINE draws no theme of its own).
import { deviceSchemeTests } from '../shared/theme'

deviceSchemeTests()
