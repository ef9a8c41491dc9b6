// The second half of the routes, fuzzed without signing in; the first half runs beside it in fuzz-anonymous-1.
import { fuzzAsAnonymous } from '../support/fuzz/fuzz-anonymous';

fuzzAsAnonymous({ k: 1, n: 2 });
