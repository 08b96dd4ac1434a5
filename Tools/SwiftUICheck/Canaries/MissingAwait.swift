// expect: expression is 'async' but is not marked with 'await'
// A missing `await` in `.refreshable`: the list view model's `refresh()` is async.
import CountriesDomain
import CountriesPresentation
import SwiftUI

struct MissingAwaitCanary: View {
    let model: CountryListViewModel

    var body: some View {
        List {}
            .refreshable { model.refresh() }
    }
}
