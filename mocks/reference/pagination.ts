// The reference server pages its lists with the mock core's cursor pagination.
export { paginate, type Page } from '../core/pagination.js';
