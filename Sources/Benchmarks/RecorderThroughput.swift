// 5. Recorder throughput: values recorded from one task and from four.

import Dispatch
import Foundation
import Observation
import ObservationTesting
import Publishing
import XCTest

/// Values sent into a recorded subject from one task and from four.
@MainActor
func measureRecorderThroughput() async {
    for tasks in [1, 4] {
        let values = options.quick ? 40_000 : 400_000
        let name = "recorder.\(tasks)-task\(tasks == 1 ? "" : "s")"
        guard selected(name) else { continue }
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<repeats {
            let subject = PassthroughSubject<Int, Never>()
            let recorder = subject.record()
            let start = clock.now
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<tasks {
                    group.addTask {
                        for value in 0..<(values / tasks) { subject.send(value) }
                    }
                }
            }
            samples.append(Double((clock.now - start).nanoseconds) / Double(values))
            precondition(recorder.values.count == values)
        }
        rows.append(
            Row(name: name, unit: "ns/value", samples: samples, baseline: "publish.subject.send"))
    }
}
