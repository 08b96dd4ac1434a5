// expect: expression is 'async' but is not marked with 'await'
// A missing `await` in `.task`: the details view model's `load()` is async.
import CountriesDomain
import CountriesPresentation
import SwiftUI

struct MissingAwaitCanary: View {
    let model: CountryDetailsViewModel

    var body: some View {
        Text(model.code)
            .task { model.load() }
    }
}
