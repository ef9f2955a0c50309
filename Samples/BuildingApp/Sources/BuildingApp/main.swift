import Services
import Shop

print(ShopApp.run(with: AppDependencies()))
