import Observation

/// What Observation follows for a value kept elsewhere: a store's slice, a
/// loader's state. Not generic, so that its key path is made once: the key
/// path of a generic class's property is made again, generic arguments
/// looked up at run time, at every access (see the benchmark README,
/// "A first visit to a details page").
final class ObservationSubject: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private var value: Void { () }
    /// Records a read of the value by the observation being tracked.
    func access() { registrar.access(self, keyPath: \.value) }
    /// Tells the observers the value changed (after it did).
    func announceChange() {
        registrar.willSet(self, keyPath: \.value)
        registrar.didSet(self, keyPath: \.value)
    }
}
