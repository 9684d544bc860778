import XCTest

/// A fixture the end-of-test checks look after: a ``TestClock``, a ``TestScheduler``, a
/// ``Recorder`` or a ``ChangeRecorder``.
///
/// One made inside a test's checks is theirs. One made outside any (an `XCTestCase`'s stored
/// property, made when XCTest builds the case, before `setUp`) is claimed by the first checks
/// that find it in the test case's properties, and is theirs from then on: work a test case's
/// fixtures do after its test ended is never counted in the next test.
protocol EndOfTestFixture: AnyObject {
    /// Enrolls the fixture in the running test's checks, and keeps it from being enrolled, on use,
    /// by any other.
    func claimForEndOfTestChecks()
}

extension XCTestCase {
    /// Claims the fixtures in this test case's stored properties for the running test's checks:
    /// those held directly, and those in a stored struct, tuple or optional (a `lazy` property
    /// not yet made holds none). Classes other than fixtures (view models) are not looked into.
    func claimStoredFixtures() {
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror, current.subjectType != XCTestCase.self {
            for child in current.children { Self.claimFixtures(in: child.value, depth: 0) }
            mirror = current.superclassMirror
        }
    }

    private static func claimFixtures(in value: Any, depth: Int) {
        if let fixture = value as? any EndOfTestFixture {
            fixture.claimForEndOfTestChecks()
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .tuple?, .optional?:
            guard depth < 4 else { return }
            for child in mirror.children { claimFixtures(in: child.value, depth: depth + 1) }
        default:
            return
        }
    }
}
