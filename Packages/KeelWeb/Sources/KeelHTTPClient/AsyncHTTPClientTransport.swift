import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Keel
import KeelWebClient
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import NIOPosix

/// Keel's ``HTTPTransport`` over AsyncHTTPClient, the HTTP client of
/// server-side Swift: what a server's workers send their requests through.
///
/// On Linux, `URLSession` deadlocks or crashes when a request is cancelled as
/// its response arrives (see `URLSessionTransport`), which a web server does
/// all day: a page goes away, its view model's load is cancelled. This
/// transport cancels without waiting on another queue, so a view model
/// released on the main actor never blocks it.
///
/// ```swift
/// let web = CountryWebWorker(baseURL: apiURL, transport: AsyncHTTPClientTransport(), logbook: logbook)
/// ```
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// The client that sends the requests.
    public let client: HTTPClient
    /// The largest response body accepted; a larger one fails the request
    /// with ``WebError/transport(_:)``.
    public let maximumBodySize: Int

    /// Creates a transport over `client` (by default the process-wide shared
    /// one, which never needs shutting down).
    public init(client: HTTPClient = .shared, maximumBodySize: Int = 32 * 1024 * 1024) {
        self.client = client
        self.maximumBodySize = maximumBodySize
    }

    public func send(_ request: URLRequest) async throws(WebError) -> (Data, HTTPURLResponse) {
        guard let url = request.url else { throw .invalidRequest("the request has no URL") }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            outgoing.headers.add(name: name, value: value)
        }
        if let body = request.httpBody {
            outgoing.body = .bytes(ByteBuffer(data: body))
        }
        // URLRequest's timeout covers the whole exchange here, body included.
        let timeout = TimeAmount.milliseconds(Int64(min(max(request.timeoutInterval, 0.001), 86_400) * 1000))
        do {
            let response = try await client.execute(outgoing, timeout: timeout)
            let body = try await response.body.collect(upTo: maximumBodySize)
            var headers: [String: String] = [:]
            for (name, value) in response.headers {
                headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            }
            guard let head = HTTPURLResponse(
                url: url, statusCode: Int(response.status.code), httpVersion: "\(response.version)", headerFields: headers)
            else {
                throw WebError.transport("status \(response.status.code) from \(url.host ?? "the server") is not valid")
            }
            return (Data(buffer: body), head)
        } catch let error as WebError {
            throw error
        } catch {
            throw Task.isCancelled ? .cancelled : WebError(asyncHTTPClientError: error)
        }
    }
}

extension WebError {
    /// The meaning of an error thrown by AsyncHTTPClient or SwiftNIO.
    init(asyncHTTPClientError error: any Error) {
        switch error {
        case is CancellationError:
            self = .cancelled
        case let error as HTTPClientError:
            switch error {
            case .cancelled: self = .cancelled
            case .deadlineExceeded, .connectTimeout, .readTimeout, .writeTimeout, .tlsHandshakeTimeout,
                 .getConnectionFromPoolTimeout:
                self = .timeout
            case .remoteConnectionClosed: self = .offline
            default: self = .transport("AsyncHTTPClient: \(error)")
            }
        case is NIOConnectionError, is ChannelError:
            self = .offline
        case let error as IOError:
            self = Self.offlineErrnos.contains(error.errnoCode) ? .offline : .transport("I/O: \(error)")
        case let error as NIOTooManyBytesError:
            self = .transport("the response body is larger than \(error.maxBytes.map(String.init) ?? "the limit") bytes")
        default:
            self = .transport(String(describing: error))
        }
    }

    /// The errors of a connection that cannot be made or was lost.
    private static let offlineErrnos: Set<Int32> = [
        ECONNREFUSED, ECONNRESET, ECONNABORTED, ENETUNREACH, EHOSTUNREACH, ENETDOWN, EPIPE, ETIMEDOUT,
    ]
}
