// expect: incorrect argument label in call (have '_:on:', expected '_:isOn:')
// A wrong argument label: `Toggle(_:isOn:)` called as `Toggle(_:on:)`.
import CountriesDomain
import CountriesPresentation
import SwiftUI

struct WrongArgumentLabelCanary: View {
    @State private var settings: SettingsViewState

    init(settings: AppState.Settings) {
        _settings = State(wrappedValue: SettingsViewState(settings))
    }

    var body: some View {
        Form {
            Toggle("Group by region", on: $settings.showsRegion)
        }
    }
}
