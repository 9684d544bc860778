// 9. The serial executor: what a job costs on a scope's line, beside the usual executors.

import ObservationTesting

/// How many `Task.yield()`s each operation of the serial-executor rows makes.
let serialYields = 1_000

/// 1,000 `Task.yield()`s of one main-actor task: outside any scope, inside
/// `withSerialExecutor`, and outside again once the scopes' router is installed.
///
/// Runs last: the router, once installed, stays for the life of the process, and every job of
/// no scope passes through it, so the rows before measure the executors as they were.
@MainActor
func measureSerialExecution() async {
    let operations = options.quick ? 5 : 50
    await time("serial.yield.unscoped", operations: operations) {
        for _ in 0..<serialYields { await Task.yield() }
    }
    await time("serial.yield", operations: operations, baseline: "serial.yield.unscoped") {
        await withSerialExecutor {
            for _ in 0..<serialYields { await Task.yield() }
        }
    }
    // Installs the router even when a filter skipped the row before.
    await withSerialExecutor {}
    await time(
        "serial.yield.passthrough", operations: operations, baseline: "serial.yield.unscoped"
    ) {
        for _ in 0..<serialYields { await Task.yield() }
    }
}
