import AuthenticatorDomain

/// What exists only while the vault is unlocked: the data key, the accounts
/// deleted since, which undo brings back, and how far the app state's list
/// follows the vault (``Vessel/followVault(key:)``). Locking forgets all.
actor UnlockedSession {
    /// The data key of the unlocked vault.
    private(set) var key: DataKey?
    /// The accounts deleted while unlocked, the last one last.
    private var deleted: [SavedAccount] = []
    /// The run of the vault query that feeds the list, while one runs.
    private var following: Int?
    /// How many runs of the query were started, to tell the current one.
    private var runs = 0
    /// The revision of the accounts the app state's list shows.
    private var shown: Int64 = .min
    /// The callers waiting for the list to show a revision.
    private var waiting: [(revision: Int64, resume: CheckedContinuation<Void, Never>)] = []

    /// Keeps `key` until ``forget()``.
    func open(with key: DataKey) {
        self.key = key
        deleted = []
    }

    /// Forgets the key and the deleted accounts; the list follows the vault no more.
    func forget() {
        key = nil
        deleted = []
        stopFollowing(following)
    }

    /// Remembers a deleted account for undo.
    func remember(deleted account: SavedAccount) {
        deleted.append(account)
    }

    /// The account deleted last, forgotten.
    func takeLastDeleted() -> SavedAccount? {
        deleted.popLast()
    }

    /// Puts back an account that undo could not restore.
    func putBack(_ account: SavedAccount) {
        deleted.append(account)
    }

    /// Notes that a run of the vault query starts (replacing any other);
    /// returns the run's number, for ``stopFollowing(_:)``.
    func startFollowing() -> Int {
        stopFollowing(following)
        runs += 1
        following = runs
        shown = .min
        return runs
    }

    /// Notes that the list shows the accounts at `revision`.
    func show(_ revision: Int64) {
        shown = max(shown, revision)
        let ready = waiting.filter { $0.revision <= shown }
        waiting.removeAll { $0.revision <= shown }
        for waiter in ready { waiter.resume.resume() }
    }

    /// Notes that the run `run` of the query ended (a later run goes on):
    /// nobody waits for it any longer.
    func stopFollowing(_ run: Int?) {
        guard let run, run == following else { return }
        following = nil
        let all = waiting
        waiting = []
        for waiter in all { waiter.resume.resume() }
    }

    /// Returns once the list shows the accounts at `revision` or later, or
    /// at once when no query runs (the list then stays as it is).
    func waitUntilShown(_ revision: Int64) async {
        guard following != nil, shown < revision else { return }
        await withCheckedContinuation { waiting.append((revision, $0)) }
    }
}
