export { fitAddress, type AddressProfile, type FittedAddress, type PostcodeForm, type RegionPolicy } from './address';
export { regionOf, isRegionCode, foldRegion, type Region } from './regions';
export { toCharset, inCharset, CHARSET_PATTERN, type Charset } from './text';
export { wrapLines, type WrappedLines } from './lines';
export { formatPhone, type PhoneFormat, type FormattedPhone } from './phone';
