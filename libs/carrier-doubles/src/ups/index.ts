export { UpsDouble, type UpsDoubleOptions } from './ups.double';
export { oneZCheckDigit, type DoubleActivity, type DoubleClient, type DoubleFault } from './ups.double.state';
export { trackAlertEvent } from './ups.double.push';
export { zplLabel as upsDoubleZplLabel, gifLabel as upsDoubleGifLabel } from './ups.double.documents';
