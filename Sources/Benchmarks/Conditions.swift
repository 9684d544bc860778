// 2. Ordered conditions at scale: the cost per value of checking 1, 10 or 100 conditions.

import Dispatch
import Foundation
import Observation
import ObservationTesting
import Publishing
import XCTest

/// Ten thousand values through lists of 1, 10 and 100 conditions.
@MainActor
func measureConditions() async {
    for conditions in [1, 10, 100] {
        let values = 10_000
        let name = "conditions.\(conditions).per-value"
        guard selected(name) else { continue }
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<repeats {
            let subject = PassthroughSubject<Int, Never>()
            let step = values / conditions
            let list: [(Int) -> Bool] = (1...conditions).map { index in { $0 == index * step - 1 } }
            let start = clock.now
            await until(subject, satisfies: list, timeout: .seconds(60)) {
                for value in 0..<values { subject.send(value) }
            }
            samples.append(Double((clock.now - start).nanoseconds) / Double(values))
        }
        rows.append(Row(name: name, unit: "ns/value", samples: samples, baseline: nil))
    }
}
