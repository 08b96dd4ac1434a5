import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// Bounds what one connection may hold of the server, beside Hummingbird's
/// idle timeout (which a client resets with each byte it sends):
///
/// - **A request's whole time.** From the moment a connection may send a
///   request (it opened, or its last answer ended) to the end of that
///   request, at most ``WebOptions/requestTimeout``: a client that sends one
///   byte every few seconds is closed all the same. While the server answers
///   (a page being made, a live connection streaming) nothing is counted.
/// - **How many connections are open.** At most
///   ``WebOptions/maximumConnections`` (kept below the process's descriptor
///   limit, so that accepting never fails for want of one). A new connection
///   beyond it closes the oldest connection that is still sending a request,
///   never one being answered; when every one is being answered, the new one
///   is closed. Clients that open connections and hold them without finishing
///   a request therefore only push each other out, and a whole request (the
///   owner's page, `/health`) still gets in.
///
/// One handler per connection, after HTTP decoding; the table is shared.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let table: ConnectionTable
    private let timeout: TimeAmount
    /// Closes the connection when its request takes too long; `nil` while it is answered.
    private var deadline: Scheduled<Void>?
    private var number: Int?

    init(table: ConnectionTable, timeout: TimeAmount) {
        self.table = table
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        number = table.open(context.channel)
        arm(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        if let number { table.close(number) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) {
            // The request is whole: its answer may take as long as it takes.
            deadline?.cancel()
            deadline = nil
            if let number { table.answering(number, true) }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            // Answered: the next request's time starts.
            if let number { table.answering(number, false) }
            arm(context)
        }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }
}

/// The connections open on a server, for ``ConnectionGuard``.
///
/// Its state is behind a lock: connections open and close on every event
/// loop of the server.
final class ConnectionTable: Sendable {
    private struct Entry {
        let channel: any Channel
        var isAnswered: Bool
    }

    private struct State {
        var next = 0
        /// The open connections, by the order they opened in.
        var open: [Int: Entry] = [:]
    }

    private let state = NIOLockedValueBox(State())
    /// How many connections may be open at once.
    let maximum: Int

    init(maximum: Int) {
        self.maximum = max(1, maximum)
    }

    /// How many connections are open.
    var count: Int { state.withLockedValue { $0.open.count } }

    /// Records `channel` as open and returns its number; over the maximum,
    /// closes the oldest connection still sending a request, or `channel` itself.
    func open(_ channel: any Channel) -> Int {
        let (number, victim) = state.withLockedValue { state -> (Int, (any Channel)?) in
            let number = state.next
            state.next += 1
            state.open[number] = Entry(channel: channel, isAnswered: false)
            guard state.open.count > maximum else { return (number, nil) }
            let oldest = state.open.filter { $0.key != number && !$0.value.isAnswered }.min { $0.key < $1.key }
            let victim = oldest?.key ?? number
            return (number, state.open.removeValue(forKey: victim)?.channel)
        }
        victim?.close(promise: nil)
        return number
    }

    /// Records that connection `number` is being answered, or waits for a request again.
    func answering(_ number: Int, _ isAnswered: Bool) {
        state.withLockedValue { $0.open[number]?.isAnswered = isAnswered }
    }

    /// Records that connection `number` closed.
    func close(_ number: Int) {
        state.withLockedValue { _ = $0.open.removeValue(forKey: number) }
    }
}
