import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPMockURLProtocol {
    /// One load, shared by the URL loading system (which starts and stops it)
    /// and the task that serves it.
    ///
    /// `@unchecked Sendable` is safe because every stored property is read and
    /// written only while `lock` is held, and the URL protocol is handed out by
    /// `claim()` at most once, and never after `stop()`: the client callbacks
    /// of a load come from a single caller, in sequence, never concurrently,
    /// and no answer starts once the loading system has stopped the load. The
    /// only other use of the protocol off its loading thread is reading its
    /// `client`, which is set at initialization and never changes. The
    /// protocol is released when claimed or stopped, which breaks its
    /// reference cycle with this exchange.
    final class Exchange: @unchecked Sendable {
        private let lock = NSLock()
        private var urlProtocol: URLProtocol?
        private var work: Task<Void, Never>?
        private var isStopped = false
        private var stopHandler: (@Sendable () -> Void)?

        /// Starts the load: keeps `urlProtocol` for the answer, and the task
        /// that `start` returns, unless the load was already stopped.
        func begin(with urlProtocol: URLProtocol, start: () -> Task<Void, Never>?) {
            lock.lock()
            defer { lock.unlock() }
            guard !isStopped else { return }
            self.urlProtocol = urlProtocol
            work = start()
        }

        /// Stops the load: cancels its task, drops any later answer, and runs
        /// the stop handler if the load was not answered yet.
        func stop() {
            lock.lock()
            isStopped = true
            let handler = urlProtocol == nil ? nil : stopHandler
            urlProtocol = nil
            stopHandler = nil
            let work = self.work
            self.work = nil
            lock.unlock()
            work?.cancel()
            handler?()
        }

        /// Makes `handler` run when the load is stopped before it is answered.
        ///
        /// - Returns: `false`, without keeping `handler`, when the load is
        ///   already stopped.
        func onStop(_ handler: @escaping @Sendable () -> Void) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard !isStopped else { return false }
            stopHandler = handler
            return true
        }

        /// Answers with `response` and `body`.
        func respond(_ response: HTTPURLResponse, body: Data) {
            guard let urlProtocol = claim(), let client = urlProtocol.client else { return }
            client.urlProtocol(urlProtocol, didReceive: response, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty {
                // One chunk: swift-corelibs-foundation keeps only the last chunk
                // for completion-handler and async tasks.
                client.urlProtocol(urlProtocol, didLoad: body)
            }
            client.urlProtocolDidFinishLoading(urlProtocol)
        }

        /// Fails the load with `error`.
        func fail(_ error: any Error) {
            guard let urlProtocol = claim(), let client = urlProtocol.client else { return }
            client.urlProtocol(urlProtocol, didFailWithError: error)
        }

        /// The protocol to answer through, once; `nil` when stopped or
        /// already answered.
        private func claim() -> URLProtocol? {
            lock.lock()
            defer { lock.unlock() }
            let urlProtocol = self.urlProtocol
            self.urlProtocol = nil
            work = nil
            stopHandler = nil
            return urlProtocol
        }
    }
}
