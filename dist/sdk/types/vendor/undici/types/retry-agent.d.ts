import Dispatcher from './dispatcher'
import RetryHandler from './retry-handler'

export default RetryAgent

declare class RetryAgent extends Dispatcher {
  constructor (dispatcher: Dispatcher, options?: RetryHandler.RetryOptions)
}
