// Components import CSS and images through Vite; in Jest they resolve to their file name.
module.exports = 'asset-stub';
