export { MyApartmentPage } from './components/MyApartmentPage';
