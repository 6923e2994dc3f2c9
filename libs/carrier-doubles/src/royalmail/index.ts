export { RoyalMailDouble } from './royalmail.double';
export { s10CheckDigit, type RmDoubleAccount, type RmDoubleEvent } from './royalmail.double.state';
