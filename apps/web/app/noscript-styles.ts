/** Applied only when scripts are off: show every panel that JavaScript would otherwise reveal, hide the toggles. */
export const NO_SCRIPT_STYLES = [
  '[data-js-only]{display:none!important}',
  '[data-nojs-show][hidden]{display:block!important}',
  '.site-nav__list{display:flex!important;position:static!important}',
  '.courses__list-view{display:none!important}',
  '.courses__accordion.accordion{display:grid!important}',
  '.instructors__more[hidden]{display:grid!important}',
].join('');
