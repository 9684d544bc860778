// Calls every Combine entry point once, so each compiles and overload resolution is checked
// too: the list, Condition-list, one-condition and emits forms of until, never, stays and
// record(), as a test would write them, including inside an XCTestCase and a Task there.
import Combine
import ObservationTesting
import XCTest

func checkCombineEntryPoints() async {
    let publisher = Combine.Just(1)
    await until(publisher, satisfies: [{ $0 == 1 }])
    await until(publisher, satisfies: [], timeout: 5)
    await until(publisher, satisfies: [.equals(1)], timeout: .seconds(1), idleTimeout: 0.5)
    await until(publisher, satisfies: { $0 == 1 }, timeout: 1)
    await until(publisher) { $0 == 1 }
    await until(publisher, emits: [1], idleTimeout: 0.2)
    await never(publisher, satisfies: { $0 == 2 }, for: .milliseconds(1))
    await stays(publisher, satisfying: { $0 == 1 }, for: .milliseconds(1), timeout: 2)
    let recorder = publisher.record()
    await recorder.next()
    await until(recorder, satisfies: [{ $0 == 1 }])
    await withDefaultTimeout(.seconds(5)) { await until(publisher) { $0 == 1 } }
}

final class CombineEntryPointCheck: XCTestCase {
    func check() async {
        await until(Combine.Just(true), satisfies: [{ $0 }], timeout: 1)
        await until(Combine.Just(true), emits: [true])
        Task { await until(Combine.Just(true)) { $0 } }
    }
}

/// A Combine view model, for `until(viewModel) { … }`.
final class CombineViewModel: Combine.ObservableObject {
    var isLoading = false
}

func checkCombineViewModel() async {
    let viewModel = CombineViewModel()
    await until(viewModel) { !$0.isLoading }
}
