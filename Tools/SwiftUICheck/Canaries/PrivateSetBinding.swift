// expect: 'matches' setter is inaccessible
// A binding to a `private(set)` property through `@Bindable`: the list's
// `matches` can only change through the view model's actions.
import CountriesDomain
import CountriesPresentation
import SwiftUI

struct PrivateSetBindingCanary: View {
    let scene: CountriesScene

    var body: some View {
        @Bindable var model = scene.list
        MatchesView(matches: $model.matches)
    }
}

struct MatchesView: View {
    @Binding var matches: [String]?

    var body: some View {
        Text("\(matches?.count ?? 0) matches")
    }
}
