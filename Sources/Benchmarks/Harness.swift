// The harness: options, rows, the timing helpers, and what the floors need.

import Dispatch
import Foundation
import Observation
import ObservationTesting
import Publishing
import XCTest

#if canImport(Glibc)
    import Glibc
    let rusageSelf = __rusage_who_t(RUSAGE_SELF.rawValue)
    /// `ru_maxrss` is in kilobytes on Linux.
    let maxRSSUnit = 1024.0
#else
    let rusageSelf = RUSAGE_SELF
    /// `ru_maxrss` is in bytes on Apple platforms.
    let maxRSSUnit = 1.0
#endif

struct Options {
    var quick = false
    var filter: String?

    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--quick": quick = true
            case "--filter": filter = iterator.next()
            default:
                FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
                exit(2)
            }
        }
    }
}

struct Row {
    var name: String
    var unit: String
    var samples: [Double]
    var baseline: String?

    var median: Double { samples.sorted()[samples.count / 2] }
}

let options = Options(arguments: CommandLine.arguments)
/// Every figure measured, in order; printed at the end.
@MainActor var rows: [Row] = []
let repeats = options.quick ? 3 : 7

func selected(_ name: String) -> Bool {
    options.filter.map { name.contains($0) } ?? true
}

/// Says on standard error which row is being measured, so a run that hangs names the row.
func announce(_ name: String) {
    FileHandle.standardError.write(Data("measuring \(name)\n".utf8))
}

/// Runs the synchronous `body` `operations` times per repeat; records nanoseconds per operation.
@MainActor
func timeSync(_ name: String, operations: Int, baseline: String? = nil, _ body: () -> Void) {
    guard selected(name) else { return }
    let clock = ContinuousClock()
    var samples: [Double] = []
    body()  // warm up
    for _ in 0..<repeats {
        let start = clock.now
        for _ in 0..<operations { body() }
        samples.append(Double((clock.now - start).nanoseconds) / Double(operations))
    }
    rows.append(Row(name: name, unit: "ns/op", samples: samples, baseline: baseline))
}

/// Runs `body` `operations` times per repeat and records nanoseconds per operation.
@MainActor
func time(
    _ name: String,
    operations: Int,
    baseline: String? = nil,
    _ body: () async -> Void
) async {
    guard selected(name) else { return }
    announce(name)
    let clock = ContinuousClock()
    var samples: [Double] = []
    await body()  // warm up
    for _ in 0..<repeats {
        let start = clock.now
        for _ in 0..<operations { await body() }
        let elapsed = clock.now - start
        samples.append(Double(elapsed.nanoseconds) / Double(operations))
    }
    rows.append(Row(name: name, unit: "ns/op", samples: samples, baseline: baseline))
}

/// Records a figure measured by `body` itself, once per repeat.
@MainActor
func record(_ name: String, unit: String, baseline: String? = nil, _ body: () async -> Double)
    async
{
    guard selected(name) else { return }
    announce(name)
    var samples: [Double] = []
    for _ in 0..<repeats { samples.append(await body()) }
    rows.append(Row(name: name, unit: unit, samples: samples, baseline: baseline))
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(rusageSelf, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
}

func peakResidentBytes() -> Double {
    var usage = rusage()
    getrusage(rusageSelf, &usage)
    return Double(usage.ru_maxrss) * maxRSSUnit
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// A flag set from any thread, for the polling baseline.
final class Flag: @unchecked Sendable {
    // @unchecked: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// The way peers wait: check a condition every 10 ms (Nimble's `toEventually` default).
func poll(
    every interval: Duration = .milliseconds(10),
    timeout: Duration = .seconds(1),
    isolation: isolated (any Actor)? = #isolation,
    until done: () -> Bool
)
    async
{
    let deadline = ContinuousClock.now + timeout
    while !done(), ContinuousClock.now < deadline {
        try? await Task.sleep(for: interval)
    }
}

final class Model: ObservableObject {
    @Published var value = 0
}

// The rows above send into subjects from several tasks at once. The subjects lock internally and
// may be sent to from any thread, but neither Apple's Combine nor Linux's Publishing marks them
// `Sendable`. Linux's are declared in this package, where `@retroactive` does not apply.
#if canImport(Combine)
    // swift-format-ignore: AvoidRetroactiveConformances
    extension PassthroughSubject: @retroactive @unchecked Sendable {}
    // swift-format-ignore: AvoidRetroactiveConformances
    extension CurrentValueSubject: @retroactive @unchecked Sendable {}
#else
    // @unchecked: as above, the subjects lock internally.
    extension PassthroughSubject: @unchecked Sendable {}
    // @unchecked: as above, the subjects lock internally.
    extension CurrentValueSubject: @unchecked Sendable {}
#endif
