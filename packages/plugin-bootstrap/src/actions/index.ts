export { replyAction } from './reply';
export { ignoreAction } from './ignore';
export { noneAction } from './none';
