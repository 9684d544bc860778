// Linux's Foundation only: Darwin's `URLSession` and `URLSessionDataTask` cannot be subclassed
// through an initialiser, and these tests stand in for both to see what the publisher asks.
#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
    import Publishing
    import Testing

    /// A session that makes no request: it records what it is asked, hands out one
    /// ``RecordingTask``, and keeps the completion handler for the test to call, or calls it at
    /// once with `immediateResult`, as a mock session may.
    // @unchecked: tests only; each test (each case of a parameterised one) makes its own session
    // and uses it on one thread.
    private final class RecordingSession: URLSession, @unchecked Sendable {
        let task = RecordingTask()
        private(set) var tasksMade = 0
        private(set) var completionHandler: (@Sendable (Data?, URLResponse?, (any Error)?) -> Void)?
        var immediateResult: (Data, URLResponse)?

        override func dataTask(
            with request: URLRequest,
            completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
        ) -> URLSessionDataTask {
            tasksMade += 1
            self.completionHandler = completionHandler
            if let (data, response) = immediateResult { completionHandler(data, response, nil) }
            return task
        }

        /// Calls the task's completion handler, as the session does when it ends.
        func complete(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
            completionHandler?(data, response, error)
        }
    }

    /// A data task that runs nothing: it records whether it was resumed or cancelled.
    // @unchecked: as above.
    private final class RecordingTask: URLSessionDataTask, @unchecked Sendable {
        enum Event: Equatable {
            case resume
            case cancel
        }

        private(set) var events: [Event] = []

        override func resume() { events.append(.resume) }
        override func cancel() { events.append(.cancel) }
    }

    @Suite("URLSession.dataTaskPublisher: when the task runs, and what its result becomes")
    struct DataTaskPublisherTests {
        static let url = URL(string: "https://example.com/items")!
        static let response = URLResponse(
            url: url, mimeType: "application/json", expectedContentLength: 2,
            textEncodingName: nil)

        @Test("No task is made before the subscriber asks; each request resumes it, as Combine's")
        func taskWaitsForDemand() {
            let session = RecordingSession(configuration: .ephemeral)
            let probe = DemandProbe<URLSession.DataTaskPublisher.Output, URLError>(initial: .none)
            session.dataTaskPublisher(for: Self.url).subscribe(probe)
            #expect(session.tasksMade == 0)
            #expect(session.task.events.isEmpty)

            probe.request(.max(1))
            probe.request(.max(1))
            #expect(session.tasksMade == 1)
            #expect(session.task.events == [.resume, .resume])

            session.complete(Data("[]".utf8), Self.response, nil)
            #expect(probe.values.map(\.data) == [Data("[]".utf8)])
            #expect(probe.completions.count == 1)
            // A task that has ended is not cancelled, nor resumed again.
            probe.cancel()
            probe.request(.max(1))
            #expect(session.task.events == [.resume, .resume])
        }

        // OpenCombine's URLSessionTests.testURLSessionSubscriptionReflection, run against
        // Apple's Combine.
        @Test(
            "The subscription shows its task, subscriber, publisher and demand, until it ends",
            .skippedInAppleImitation(
                "the imitation's data task subscription (OpenCombine's) has no custom mirror, and shows its stored fields, its lock among them"
            ))
        func subscriptionShowsItsParts() {
            let session = RecordingSession(configuration: .ephemeral)
            let publisher = session.dataTaskPublisher(for: Self.url)
            let probe = DemandProbe<URLSession.DataTaskPublisher.Output, URLError>(initial: .none)
            publisher.subscribe(probe)
            func shown() -> [String] {
                guard let subscription = probe.subscription else { return [] }
                return Mirror(reflecting: subscription).children.map {
                    "\($0.label ?? "_"): \($0.value)"
                }
            }
            let parent = "parent: \(String(describing: Optional(publisher)))"
            #expect(shown().count == 4)
            #expect(shown().first == "task: nil")
            #expect(shown().dropFirst().first?.hasPrefix("downstream: Optional(") == true)
            #expect(shown().dropFirst(2) == [parent, "demand: max(0)"])
            probe.request(.max(2))
            #expect(shown().first?.hasPrefix("task: Optional(") == true)
            #expect(shown().dropFirst(2) == [parent, "demand: max(2)"])
            probe.cancel()
            #expect(shown() == ["task: nil", "downstream: nil", "parent: nil", "demand: max(0)"])
        }

        @Test(
            "A session that answers inside dataTask(with:) delivers, and the task is not resumed",
            .skippedInAppleImitation(
                "the imitation's data task publisher (OpenCombine's) makes the task under its lock, so a session answering inside dataTask(with:) aborts it, its lock taken twice on one thread"
            ))
        func sessionAnsweringAtOnce() {
            let session = RecordingSession(configuration: .ephemeral)
            session.immediateResult = (Data("[]".utf8), Self.response)
            let probe = DemandProbe<URLSession.DataTaskPublisher.Output, URLError>(initial: .max(1))
            session.dataTaskPublisher(for: Self.url).subscribe(probe)
            #expect(probe.values.map(\.data) == [Data("[]".utf8)])
            #expect(probe.completions.count == 1)
            #expect(session.task.events.isEmpty)
        }

        @Test("Cancelling cancels the running task once, and its late result is dropped")
        func cancelStopsTheTask() {
            let session = RecordingSession(configuration: .ephemeral)
            let probe = DemandProbe<URLSession.DataTaskPublisher.Output, URLError>(initial: .max(1))
            session.dataTaskPublisher(for: Self.url).subscribe(probe)
            probe.cancel()
            probe.request(.max(1))
            probe.cancel()
            #expect(session.task.events == [.resume, .cancel])
            session.complete(Data(), Self.response, nil)
            #expect(probe.values.isEmpty)
            #expect(probe.completions.isEmpty)
        }

        @Test(
            "A URLError fails the stream as it is; another error, or no response, as URLError(.unknown); one result only",
            arguments: [
                (Data?.none, URLResponse?.none, (any Error)?.none, URLError.Code?.some(.unknown)),
                (Data("x".utf8), nil, nil, .unknown),
                (
                    Data("x".utf8), response, URLError(.cannotParseResponse, userInfo: ["a": 1]),
                    .cannotParseResponse
                ),
                (nil, response, TestError(), .unknown),
                (nil, response, nil, nil),
            ])
        func results(
            data: Data?, response: URLResponse?, error: (any Error)?, failure: URLError.Code?
        ) {
            let session = RecordingSession(configuration: .ephemeral)
            let probe = DemandProbe<URLSession.DataTaskPublisher.Output, URLError>(initial: .max(1))
            session.dataTaskPublisher(for: Self.url).subscribe(probe)
            for _ in 0..<3 { session.complete(data, response, error) }
            #expect(probe.completions.count == 1)
            if let failure {
                #expect(probe.values.isEmpty)
                guard case .failure(let urlError) = probe.completions.first else {
                    Issue.record("Expected a failure, got \(probe.completions)")
                    return
                }
                #expect(urlError.code == failure)
                // Passed on as it is, with its user info, not remade from its code.
                if let error = error as? URLError { #expect(urlError == error) }
            } else {
                // No data with a response: empty data.
                #expect(probe.values.map(\.data) == [Data()])
                #expect(probe.values.map(\.response) == [Self.response])
                guard case .finished = probe.completions.first else {
                    Issue.record("Expected a finish, got \(probe.completions)")
                    return
                }
            }
            #expect(session.task.events == [.resume])
        }
    }
#endif
