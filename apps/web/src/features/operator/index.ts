export { getOperator } from './api/get-operator';
