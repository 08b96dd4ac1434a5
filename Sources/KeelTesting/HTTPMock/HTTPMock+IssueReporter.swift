import Testing

extension HTTPMock {
    /// Records issues in the Swift Testing context that created the mock.
    ///
    /// Swift Testing attributes an issue to a test, and matches it against
    /// `withKnownIssue`, through task-local values of the recording task.
    /// Requests are served on URL-loading threads, which have none. So the
    /// reporter owns a task started when the mock is created: it inherits the
    /// task-local values of the creating test and records every issue.
    final class IssueReporter: Sendable {
        private let reports: AsyncStream<Report>.Continuation

        /// An issue to record, and what to do once it is recorded.
        struct Report: Sendable {
            let message: String
            let recorded: @Sendable () -> Void
        }

        /// Starts the recording task in the current task-local context.
        init(sourceLocation: SourceLocation) {
            let (stream, reports) = AsyncStream.makeStream(of: Report.self)
            self.reports = reports
            Task {
                for await report in stream {
                    if Test.current != nil {
                        Issue.record(Comment(rawValue: report.message), sourceLocation: sourceLocation)
                    }
                    report.recorded()
                }
            }
        }

        /// Records an issue with `message`, and returns once it is recorded.
        func report(_ message: String) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let result = reports.yield(Report(message: message, recorded: { continuation.resume() }))
                if case .terminated = result {
                    continuation.resume()
                }
            }
        }

        /// Ends the recording task once pending issues are recorded.
        func finish() {
            reports.finish()
        }
    }
}
