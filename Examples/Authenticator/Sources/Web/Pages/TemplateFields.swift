import Mustache

// The contexts of the list page, the page served most, name their fields for
// the templates directly. A template otherwise finds each field through
// reflection (`Mirror`), which decodes the type's metadata at every lookup:
// profiled, that was nearly all of the time of a list of 100 accounts (120 ms
// a page in a debug build). Each switch names every stored property, which
// the web tests check against `Mirror`.

extension PageFrame: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "tab": tab
        case "token": token
        case "language": language
        case "title": title
        case "page": page
        case "unlocked": unlocked
        case "browserKey": browserKey
        case "message": message
        case "warnings": warnings
        case "notices": notices
        case "refresh": refresh
        case "home": home
        case "add": add
        case "importer": importer
        case "export": export
        case "settings": settings
        default: nil
        }
    }
}

extension Notice: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "id": id
        case "message": message
        default: nil
        }
    }
}

extension ListPage: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "frame": frame
        case "rowsHTML": rowsHTML
        case "rowsID": rowsID
        case "search": search
        case "filters": filters
        case "orders": orders
        case "clock": clock
        case "canUndo": canUndo
        default: nil
        }
    }
}

extension ListRows: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "rows": rows
        case "empty": empty
        case "offersAdd": offersAdd
        case "more": more
        case "nextShown": nextShown
        case "codesSerial": codesSerial
        case "canReorder": canReorder
        default: nil
        }
    }
}

extension ListRows.Row: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "id": id
        case "title": title
        case "initial": initial
        case "subtitle": subtitle
        case "tags": tags
        case "favourite": favourite
        case "code": code
        case "copyText": copyText
        case "nextCode": nextCode
        case "period": period
        case "counter": counter
        case "hotp": hotp
        case "canMoveUp": canMoveUp
        case "canMoveDown": canMoveDown
        default: nil
        }
    }
}

extension Choice: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "value": value
        case "title": title
        case "selected": selected
        default: nil
        }
    }
}
