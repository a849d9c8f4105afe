// SQL statements per request, from the ORM's logger. Loaded only by the benchmark, before the API:
//   BENCH_COUNT_SQL=1 node --require ./tools/bench/sql-counter.cjs dist/server/apps/api/src/main.js
// It is not part of the API's code: production never loads it. It wraps the logQuery of every TypeORM logger
// (TypeORM calls logQuery for each statement it sends, whatever the `logging` option) and, for a request that
// carries the header `x-bench-count-sql: 1`, answers the statements run since that request arrived in the
// response header `X-Bench-Sql-Count`. The harness sends such requests one at a time on an idle server, so
// the count is that request's own (JWT user lookup included).
'use strict';

if (process.env.BENCH_COUNT_SQL === '1') {
  const { LoggerFactory } = require('typeorm/logger/LoggerFactory.js');
  const http = require('node:http');
  let count = 0;

  const create = LoggerFactory.prototype.create;
  LoggerFactory.prototype.create = function createCountingLogger(...args) {
    const logger = create.apply(this, args);
    const logQuery = typeof logger.logQuery === 'function' ? logger.logQuery.bind(logger) : null;
    logger.logQuery = (...query) => {
      count++;
      return logQuery ? logQuery(...query) : undefined;
    };
    return logger;
  };

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitCounting(event, ...args) {
    const [req, res] = args;
    if (event === 'request' && req.headers['x-bench-count-sql'] === '1') {
      count = 0;
      const writeHead = res.writeHead;
      res.writeHead = function writeHeadWithCount(...args) {
        if (!this.headersSent) this.setHeader('X-Bench-Sql-Count', String(count));
        return writeHead.apply(this, args);
      };
    }
    return emit.call(this, event, ...args);
  };
}
