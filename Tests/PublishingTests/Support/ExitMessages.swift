// Exit tests: Swift 6.2 and later (the manifest accepts 6.1), on the platforms that can start a
// process.
#if compiler(>=6.2) && (os(macOS) || os(Linux))
    import Testing

    /// Whether an exit test's process stopped saying `message` on its standard error, where
    /// `result` is what `#expect(processExitsWith: .failure, observing: [\.standardErrorContent])`
    /// returned (`nil` when the process did not fail, which that expectation has reported).
    ///
    /// `.failure` alone passes for any crash, so a test meant to prove that `Publishing` stops
    /// the program at one broken rule would also pass if it stopped at a force-unwrap or at
    /// another rule; the message, `Publishing`'s own precondition text, says which rule it was.
    ///
    /// Where `Publishing` is Combine (Apple platforms, and the imitation of them that
    /// `.ci/apple-sim` runs), only the failure is checked: Combine's messages are its own and
    /// undocumented, and the imitation's are not Apple's.
    func stopped(_ result: ExitTest.Result?, saying message: String) -> Bool {
        #if canImport(Combine)
            return result != nil
        #else
            guard let result else { return false }
            return String(decoding: result.standardErrorContent, as: UTF8.self).contains(message)
        #endif
    }
#endif
