/// A synchronous subscription to every state a store passes through, for test tools.
///
/// Not for apps: the handler runs while the store is locked, so it must only
/// record the value. Apps observe with ``Store/read(_:)`` and ``Store/values(_:)``.
@_spi(Testing)
public final class StoreSubscription: Sendable {
    private let cancelAction: @Sendable () -> Void

    init(cancel: @escaping @Sendable () -> Void) {
        cancelAction = cancel
    }

    /// Stops the subscription.
    public func cancel() {
        cancelAction()
    }

    deinit {
        cancelAction()
    }
}

extension Store {
    /// Calls `receive` with the current state now and with every new state
    /// after each update that changes it, in order, until the subscription is
    /// cancelled or released.
    ///
    /// `receive` runs while the store is locked: it must not touch the store.
    @_spi(Testing)
    public func subscribe(_ receive: @escaping @Sendable (State) -> Void) -> StoreSubscription {
        let id = core.subscribe(core.rootPath, yield: receive)
        return StoreSubscription { [weak core] in
            guard let core else { return }
            core.unsubscribe(id, at: core.rootPath.accessor)
        }
    }
}
