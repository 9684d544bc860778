// Calls each kind of Combine entry point once, so overload resolution is checked too.
import Combine
import ObservationTesting
import XCTest

func checkCombineEntryPoints() async {
    let publisher = Combine.Just(1)
    await until(publisher, satisfies: [{ $0 == 1 }])
    await until(publisher, satisfies: { $0 == 1 }, timeout: 1)
    await until(publisher, emits: [1])
    await never(publisher, satisfies: { $0 == 2 }, for: .milliseconds(1))
    await stays(publisher, satisfying: { $0 == 1 }, for: .milliseconds(1))
    let recorder = publisher.record()
    await recorder.next()
}

final class CombineEntryPointCheck: XCTestCase {
    func check() async {
        await until(Combine.Just(true), satisfies: [{ $0 }], timeout: 1)
        await until(Combine.Just(true), emits: [true])
    }
}
