import AuthenticatorDomain
import Keel

extension Vessel {
    /// Run by ``startFollowingVault(key:)`` from the unlock to the lock; each
    /// read of the vault replaces the list only while the vault is unlocked.
    var followVaultQuery: FollowVaultQuery {
        { [store, vault, session] key in
            do {
                for try await read in vault.observeAccounts(key: key) {
                    guard !Task.isCancelled else { break }
                    let ids = Set(read.accounts.map(\.id))
                    store.update { state in
                        guard state.lock == .unlocked else { return }
                        state.accounts = .loaded(read.accounts)
                        for (scene, route) in state.routing {
                            if case .editAccount(let id) = route.sheet, !ids.contains(id) { state.routing[scene] = nil }
                        }
                    }
                    await session.show(read.revision)
                }
            } catch {
                guard !Task.isCancelled else { return }
                let fizzle = (error as? VaultFizzle) ?? .storageFailed
                store.update(at: { $0.accounts }) { accounts in
                    if accounts.value != nil { accounts = .failed(fizzle, last: accounts.value) }
                }
            }
        }
    }

    /// Runs ``followVaultQuery`` with `key` until the vault locks (or the
    /// vessel goes away), in place of any run before.
    func startFollowingVault(key: DataKey) async {
        let run = await session.startFollowing()
        let query = followVaultQuery
        let session = session
        let task = Task {
            await query(key)
            await session.stopFollowing(run)
        }
        following.withLock { running in
            running?.cancel()
            running = task
        }
    }

    /// Returns once the list shows what the vault holds now, after a write
    /// of a usecase (at once when the list does not follow the vault).
    func showWrites() async {
        guard let revision = try? await vault.revision() else { return }
        await session.waitUntilShown(revision)
    }
}
