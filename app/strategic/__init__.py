"""The strategic map: view, scene, items, menus, overlays, the tactical dock."""
