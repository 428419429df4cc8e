import Dispatcher from './dispatcher'

export default Dispatcher1Wrapper

declare class Dispatcher1Wrapper extends Dispatcher {
  constructor (dispatcher: Dispatcher)
}
