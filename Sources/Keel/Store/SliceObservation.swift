import Observation

/// The Observation subject standing for one observed slice of a store.
///
/// Each node of a store's trie owns one, so that Observation tracks slices
/// separately: reading a slice registers an access to its subject, and a
/// change of the slice announces a mutation of that subject only.
final class SliceObservation: Observable, Sendable {
    private let registrar = ObservationRegistrar()

    /// The property Observation knows the slice by; it carries no data.
    var value: Void { () }

    /// Tells Observation that the slice is being read.
    func access() {
        registrar.access(self, keyPath: \.value)
    }

    /// Tells Observation that the slice changed.
    func announceChange() {
        registrar.willSet(self, keyPath: \.value)
        registrar.didSet(self, keyPath: \.value)
    }
}
