import CountriesDomain
import CountriesPresentation
import KeelWeb

/// A browser tab of the Countries front-end: a tab session holding a scene,
/// as a window of the SwiftUI app holds one.
typealias CountryTab = TabSession<CountriesScene>

/// The tab sessions of the Countries front-end.
typealias CountryTabs = SessionRegistry<CountriesScene>

/// A closed tab is a closed scene (``CountriesScene/close()``).
extension CountriesScene: TabScreens {}

extension TabSession where Screens == CountriesScene {
    /// A new Countries tab over `service`.
    convenience init(service: any Serving, now: ContinuousClock.Instant) {
        self.init(now: now) { CountriesScene(service: service, id: $0) }
    }
}

extension SessionRegistry where Screens == CountriesScene {
    /// The Countries tabs over `service`.
    convenience init(service: any Serving, lifetime: Duration, closedTabLifetime: Duration? = nil, maximum: Int) {
        self.init(lifetime: lifetime, closedTabLifetime: closedTabLifetime, maximum: maximum) {
            CountriesScene(service: service, id: $0)
        }
    }
}
