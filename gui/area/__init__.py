"""What the views of the area-map kinds (castles, shogun) share: the map
canvas (zoom, fit, pan, the click and hover of an area, the shapes), the
view's plumbing from a click on the map to the pending decision, the
colours and fonts, and the rich-text panels."""
