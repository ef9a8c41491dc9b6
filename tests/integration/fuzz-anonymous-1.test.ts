// The first half of the routes, fuzzed without signing in; the other half runs beside it in fuzz-anonymous-2.
import { fuzzAsAnonymous } from '../support/fuzz/fuzz-anonymous';

fuzzAsAnonymous({ k: 0, n: 2 });
