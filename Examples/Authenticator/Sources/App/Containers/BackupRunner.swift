import AuthenticatorDomain

/// Runs a container's automatic backups one at a time, and lets a request
/// join a backup that has not started yet instead of queueing another.
///
/// Why: every change asks for a backup, and changes may come faster than
/// backups are written (a burst of copies, several tabs). A backup reads the
/// vault when it starts, so one that has not started yet will hold every
/// change made before it does: later requests wait for it and share its outcome.
actor BackupRunner {
    /// The backup running or queued last.
    private var last: Task<BackupStatus, Never>?
    /// The backup queued and not started yet, which new requests join.
    private var queued: Task<BackupStatus, Never>?

    /// Runs `backup` after the one running, or joins the one queued; returns its outcome.
    func run(_ backup: @escaping @Sendable () async -> BackupStatus) async -> BackupStatus {
        await queue(backup).value
    }

    /// Queues `backup` after the one running, or joins the one queued, and
    /// returns at once: the backup runs on its own.
    @discardableResult
    func queue(_ backup: @escaping @Sendable () async -> BackupStatus) -> Task<BackupStatus, Never> {
        if let queued { return queued }
        let previous = last
        let task = Task<BackupStatus, Never> {
            _ = await previous?.value
            self.started()
            return await backup()
        }
        queued = task
        last = task
        return task
    }

    /// Waits until every backup queued so far is written (or failed).
    func settle() async {
        _ = await last?.value
    }

    /// The queued backup starts: from now on it may miss a change, so requests queue a new one.
    private func started() {
        queued = nil
    }
}
