/// A test error with an identity, so tests can tell which error arrived.
struct TestError: Error, Equatable {
    var code = 0
}
